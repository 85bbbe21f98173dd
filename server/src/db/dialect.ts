import type { Knex } from 'knex';
import { backoffMs } from '@shared/domain/backoff';
import pg from 'pg';
import type BetterSqlite3 from 'better-sqlite3';
import { copyRowsInto } from './postgres-copy';
import { CachedStatementsSqliteClient } from './sqlite-statement-cache';

/**
 * Every difference between PostgreSQL and SQLite, in one place: stores, the job runner and the event stream ask the
 * dialect for a capability and never look at the client's name themselves.
 */
export type Queryable = Knex | Knex.Transaction;

export type DialectName = 'postgres' | 'sqlite';

export type ConstraintKind = 'unique' | 'foreign-key' | 'not-null' | 'check';

/** What a driver error means for us, whichever database raised it. */
export type DriverErrorKind = `${ConstraintKind}-violation` | 'contention';

export interface DriverError {
  kind: DriverErrorKind;
  /** The constraint's name where the database reports one (PostgreSQL), otherwise null. */
  constraint: string | null;
}

export interface ClaimRequest {
  table: string;
  /** The rows a worker may take (due, not leased): a where-callback on the table. */
  due: (builder: Knex.QueryBuilder) => void;
  /** Which due rows go first; a column name or `{ column, order, nulls }`. */
  orderBy: Array<string | { column: string; order: 'asc' | 'desc'; nulls?: 'first' | 'last' }>;
  limit: number;
  /** The lease written on every claimed row (state, owner, until…); values may be `db.raw` expressions. */
  set: Record<string, unknown>;
  /** The table's key column; `id` unless told. */
  key?: string;
}

export type NotificationHandler = (payload: unknown) => void;

/** Where a notifier reports what it cannot throw to anyone: a handler that threw, a payload that is not JSON. */
export type NotifierErrorSink = (error: unknown) => void;

/** Cross-instance notifications: LISTEN/NOTIFY on PostgreSQL, an in-process emitter on SQLite (one instance). */
export interface Notifier {
  /** Sends a JSON payload (at most 8000 bytes); inside a transaction it is delivered only if that commits. */
  publish(channel: string, payload: unknown, trx?: Knex.Transaction): Promise<void>;
  /** Calls the handler with every payload published on the channel from now on; resolves to an unsubscribe. */
  subscribe(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface Dialect {
  readonly name: DialectName;
  /**
   * Whether a query runs synchronously on the event loop (better-sqlite3), so that the queries of one request run back
   * to back with nothing between them unless the caller yields.
   */
  readonly queriesBlock: boolean;
  /** Maps a driver's unique-violation error to true so services can answer 409 instead of 500. */
  isUniqueViolation(error: unknown): boolean;
  /** The meaning of a driver error, or null when it is not one we translate. */
  driverErrorOf(error: unknown): DriverError | null;
  /**
   * Atomically leases up to `limit` due rows and returns them: concurrent claimers never receive the same row.
   * PostgreSQL: `UPDATE … WHERE key IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING *`; SQLite: the same
   * single `UPDATE … RETURNING` without the lock clause (a write holds the whole database; Knex's forUpdate()
   * would compile to nothing there anyway). Where several SQLite connections claim, claim outside a transaction:
   * a deferred SQLite transaction cannot wait for another connection's write, it fails with SQLITE_BUSY.
   */
  claim<T>(db: Queryable, request: ClaimRequest): Promise<T[]>;
  /**
   * Inserts many rows at once (100k and more): `COPY … FROM STDIN` on PostgreSQL; on SQLite one prepared statement
   * run for every row inside one transaction (Knex's multi-row insert fails above 500 rows there). Dates are stored
   * as ISO strings, booleans as the database's booleans, objects as JSON. Resolves with the number of rows inserted.
   */
  bulkInsert(
    db: Queryable,
    table: string,
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
  ): Promise<number>;
  /** A notifier on its own connection (PostgreSQL) or in process (SQLite); close it on shutdown. */
  createNotifier(db: Knex, onError: NotifierErrorSink): Notifier;
  /**
   * Holds a lock named `key` until `trx` ends, so the transactions that take it run their rest, and commit, one after
   * another: `pg_advisory_xact_lock` on PostgreSQL; nothing on SQLite, where a write already holds the whole database
   * until its transaction ends.
   */
  lockUntilCommit(trx: Knex.Transaction, key: string): Promise<void>;
  /**
   * Runs a read at once, skipping Knex's runner and pool, where the database can: SQLite while its one connection is
   * idle (a cached, synchronous statement). Answers undefined otherwise (PostgreSQL, a busy connection, a transaction,
   * a statement that is not a read), and the caller goes through Knex.
   */
  readAtOnce<Row>(db: Queryable, sql: string, bindings: readonly unknown[]): Row[] | undefined;
}

/** PostgreSQL's limit on a NOTIFY payload; SQLite keeps it so that both behave the same. */
const MAX_PAYLOAD_BYTES = 8000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new RangeError(`Not a channel name: ${JSON.stringify(channel)}`);
}

function encodePayload(payload: unknown): string {
  const text = JSON.stringify(payload ?? null);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`A notification payload is limited to ${MAX_PAYLOAD_BYTES} bytes`);
  }
  return text;
}

/** Calls every handler with the payload; one that throws is reported and does not stop the others. */
function deliver(handlers: Iterable<NotificationHandler>, payload: unknown, onError: NotifierErrorSink): void {
  for (const handler of handlers) {
    try {
      handler(payload);
    } catch (error) {
      onError(error);
    }
  }
}

/**
 * Runs fn on the driver's own connection (a pg client, a better-sqlite3 database): the transaction's when given one,
 * otherwise one from the pool. For what Knex cannot express: COPY, a prepared statement, another library's SQL.
 */
export async function withDriverConnection<C, T>(db: Queryable, fn: (connection: C) => Promise<T> | T): Promise<T> {
  const connection = (await db.client.acquireConnection()) as C;
  try {
    return await fn(connection);
  } finally {
    // A transaction's client releases nothing here; the pool's connection goes back.
    await db.client.releaseConnection(connection);
  }
}

function claimQuery(db: Queryable, request: ClaimRequest, lockRows: boolean): Knex.QueryBuilder {
  const key = request.key ?? 'id';
  const due = db(request.table).select(key).where(request.due).orderBy(request.orderBy).limit(request.limit);
  if (lockRows) due.forUpdate().skipLocked();
  return db(request.table).whereIn(key, due).update(request.set).returning('*');
}

function quoteIdentifier(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

function checkRows(columns: readonly string[], rows: readonly (readonly unknown[])[]): void {
  if (columns.length === 0) throw new RangeError('bulkInsert needs at least one column');
  const bad = rows.findIndex((row) => row.length !== columns.length);
  if (bad >= 0) throw new RangeError(`Row ${bad} has ${rows[bad]?.length} values for ${columns.length} columns`);
}

function sqliteValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

/** The pause before the notifier's next attempt to reconnect. */
const RECONNECT_BACKOFF = { firstMs: 250, maxMs: 5000 };

/** Listens on one dedicated connection and reconnects (re-listening every channel) when it is lost. */
function createPostgresNotifier(db: Knex, onError: NotifierErrorSink): Notifier {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let failedReconnects = 0;

  const dispatch = (message: pg.Notification) => {
    const listeners = handlers.get(message.channel);
    if (!listeners || message.payload === undefined) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message.payload);
    } catch (error) {
      onError(error);
      return;
    }
    deliver([...listeners], payload, onError);
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client(db.client.connectionSettings as pg.ClientConfig);
    fresh.on('notification', dispatch);
    fresh.on('error', () => lost(fresh));
    fresh.on('end', () => lost(fresh));
    await fresh.connect();
    await fresh.query(`SET application_name = 'parley-notifier'`);
    for (const channel of handlers.keys()) await fresh.query(`LISTEN ${channel}`);
    failedReconnects = 0;
    return fresh;
  };

  const ensureConnected = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().then(
      (connected) => {
        connecting = null;
        if (closed) {
          void connected.end();
          throw new Error('The notifier is closed');
        }
        client = connected;
        return connected;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  };

  /** A lost listener is replaced after a short, growing pause; payloads sent meanwhile are not delivered. */
  function lost(which: pg.Client): void {
    if (client !== which) return;
    client = null;
    if (closed || handlers.size === 0) return;
    const retry = () => {
      if (closed || client) return;
      ensureConnected().catch(() => {
        failedReconnects += 1;
        setTimeout(retry, backoffMs(failedReconnects + 1, RECONNECT_BACKOFF)).unref();
      });
    };
    setTimeout(retry, backoffMs(failedReconnects + 1, RECONNECT_BACKOFF)).unref();
  }

  return {
    async publish(channel, payload, trx) {
      checkChannel(channel);
      await (trx ?? db).raw('select pg_notify(?, ?)', [channel, encodePayload(payload)]);
    },
    async subscribe(channel, handler) {
      checkChannel(channel);
      const listeners = handlers.get(channel) ?? new Set<NotificationHandler>();
      const first = listeners.size === 0;
      listeners.add(handler);
      handlers.set(channel, listeners);
      const unsubscribe = async () => {
        listeners.delete(handler);
        if (listeners.size > 0 || handlers.get(channel) !== listeners) return;
        handlers.delete(channel);
        if (client) await client.query(`UNLISTEN ${channel}`);
      };
      try {
        const connection = await ensureConnected();
        // LISTEN twice is harmless, so a connection that was just made (and listened to everything) is fine too.
        if (first) await connection.query(`LISTEN ${channel}`);
      } catch (error) {
        await unsubscribe().catch(() => undefined);
        throw error;
      }
      return unsubscribe;
    },
    async close() {
      closed = true;
      handlers.clear();
      const open = client ?? (await connecting?.catch(() => null));
      client = null;
      await open?.end();
    },
  };
}

function createInProcessNotifier(onError: NotifierErrorSink): Notifier {
  const handlers = new Map<string, Set<NotificationHandler>>();
  return {
    async publish(channel, payload, trx) {
      checkChannel(channel);
      const text = encodePayload(payload);
      // Like NOTIFY: delivered after the current call returns, and only once its transaction commits.
      const send = () => deliver([...(handlers.get(channel) ?? [])], JSON.parse(text), onError);
      if (trx) trx.executionPromise.then(send, () => undefined);
      else setImmediate(send);
    },
    async subscribe(channel, handler) {
      checkChannel(channel);
      const listeners = handlers.get(channel) ?? new Set<NotificationHandler>();
      listeners.add(handler);
      handlers.set(channel, listeners);
      return async () => {
        listeners.delete(handler);
      };
    },
    async close() {
      handlers.clear();
    },
  };
}

const POSTGRES_ERRORS: Record<string, DriverErrorKind> = {
  '23505': 'unique-violation',
  '23503': 'foreign-key-violation',
  '23502': 'not-null-violation',
  '23514': 'check-violation',
  '40001': 'contention',
  '40P01': 'contention',
  '55P03': 'contention',
};

const SQLITE_ERRORS: Record<string, DriverErrorKind> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique-violation',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique-violation',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign-key-violation',
  SQLITE_CONSTRAINT_NOTNULL: 'not-null-violation',
  SQLITE_CONSTRAINT_CHECK: 'check-violation',
  SQLITE_BUSY: 'contention',
  SQLITE_LOCKED: 'contention',
};

function errorTranslator(codes: Record<string, DriverErrorKind>): (error: unknown) => DriverError | null {
  return (error) => {
    if (!error || typeof error !== 'object') return null;
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    const kind = typeof code === 'string' ? codes[code] : undefined;
    return kind ? { kind, constraint: typeof constraint === 'string' ? constraint : null } : null;
  };
}

function createDialect(name: DialectName): Dialect {
  const driverErrorOf = errorTranslator(name === 'postgres' ? POSTGRES_ERRORS : SQLITE_ERRORS);
  return {
    name,
    queriesBlock: name === 'sqlite',
    driverErrorOf,
    isUniqueViolation: (error) => driverErrorOf(error)?.kind === 'unique-violation',
    claim: <T>(db: Queryable, request: ClaimRequest) =>
      claimQuery(db, request, name === 'postgres') as unknown as Promise<T[]>,
    async bulkInsert(db, table, columns, rows) {
      checkRows(columns, rows);
      if (rows.length === 0) return 0;
      const target = `${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')})`;
      if (name === 'postgres') {
        return withDriverConnection<pg.ClientBase, number>(db, (client) =>
          copyRowsInto(client, `COPY ${target} FROM STDIN`, rows),
        );
      }
      return withDriverConnection<BetterSqlite3.Database, number>(db, (connection) => {
        const insert = connection.prepare(`insert into ${target} values (${columns.map(() => '?').join(', ')})`);
        // Inside a Knex transaction better-sqlite3 nests this one as a savepoint.
        return connection.transaction(() => {
          for (const row of rows) insert.run(row.map(sqliteValue));
          return rows.length;
        })();
      });
    },
    createNotifier: (db, onError) =>
      name === 'postgres' ? createPostgresNotifier(db, onError) : createInProcessNotifier(onError),
    async lockUntilCommit(trx, key) {
      if (name === 'postgres') await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
    },
    readAtOnce<Row>(db: Queryable, sql: string, bindings: readonly unknown[]) {
      const client = db.client as unknown;
      if (!(client instanceof CachedStatementsSqliteClient)) return undefined;
      return client.readWhenIdle(sql, bindings) as Row[] | undefined;
    },
  };
}

const DIALECTS: Record<DialectName, Dialect> = { postgres: createDialect('postgres'), sqlite: createDialect('sqlite') };

export function dialectOf(db: Queryable): Dialect {
  return DIALECTS[db.client.driverName === 'pg' ? 'postgres' : 'sqlite'];
}
