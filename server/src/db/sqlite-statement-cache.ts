import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { nextQueryTurn } from '../lib/query-pacing';

/**
 * Knex's better-sqlite3 client prepares every statement anew, which cost about 42 % of the CPU of an authenticated
 * GET. This client keeps the prepared statements of each connection in a small LRU keyed by SQL text, and otherwise
 * runs them exactly as Knex does (same bindings, same response shape). Hot reads may also skip Knex's runner and
 * pool while the connection is idle (`readWhenIdle`).
 */
const STATEMENTS_PER_CONNECTION = 500;

interface KnexQuery {
  sql: string;
  bindings?: unknown[];
  /** `rowMode: 'array'` reads rows as arrays, as node-postgres does (see selectRows in database.ts). */
  options?: { safeIntegers?: unknown; rowMode?: unknown };
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}

interface BetterSqliteKnexClient {
  _formatBindings(bindings: unknown[] | undefined): unknown[];
}

const require = createRequire(import.meta.url);
// Knex resolves 'better-sqlite3' to this class; it has no typings of its own.
const BetterSqliteClient = require('knex/lib/dialects/better-sqlite3/index.js') as typeof Knex.Client;

const caches = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

function cachedStatement(
  connection: BetterSqlite3.Database,
  sql: string,
  rowsAsArrays = false,
): BetterSqlite3.Statement {
  let cache = caches.get(connection);
  if (!cache) {
    cache = new Map();
    caches.set(connection, cache);
  }
  // The row mode sticks to a statement, so a statement read as arrays is one of its own.
  const key = rowsAsArrays ? `rows as arrays:${sql}` : sql;
  const hit = cache.get(key);
  if (hit) {
    // Re-inserting moves it to the young end of the Map's order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const statement = connection.prepare(sql);
  if (rowsAsArrays && statement.reader) statement.raw(true);
  cache.set(key, statement);
  if (cache.size > STATEMENTS_PER_CONNECTION) cache.delete(cache.keys().next().value as string);
  return statement;
}

export class CachedStatementsSqliteClient extends BetterSqliteClient {
  constructor(config: Knex.Config) {
    // Libraries that take a Knex instance (the sign-in throttle's store) read the driver's name from the config.
    super({ ...config, client: 'better-sqlite3' });
  }

  /** The pool's open connections, and how many acquisitions (queries, transactions) hold one now. */
  private readonly openConnections = new Set<BetterSqlite3.Database>();
  private acquisitionsHeld = 0;

  override async acquireRawConnection(): Promise<BetterSqlite3.Database> {
    const connection = (await super.acquireRawConnection()) as BetterSqlite3.Database;
    this.openConnections.add(connection);
    return connection;
  }

  override async destroyRawConnection(connection: BetterSqlite3.Database): Promise<void> {
    this.openConnections.delete(connection);
    await super.destroyRawConnection(connection);
  }

  /**
   * Waits first for the current request's query turn, if it has one (lib/query-pacing). A transaction's client replaces
   * this method with one that hands out the connection it holds, so no query inside a transaction waits.
   */
  override async acquireConnection(): Promise<unknown> {
    const turn = nextQueryTurn();
    if (turn) await turn;
    const connection: unknown = await super.acquireConnection();
    this.acquisitionsHeld += 1;
    return connection;
  }

  override async releaseConnection(connection: unknown): Promise<void> {
    this.acquisitionsHeld -= 1;
    await super.releaseConnection(connection);
  }

  /**
   * Runs a read on the pool's one connection at once, without Knex's runner and pool, when nothing holds that
   * connection (no query, no open transaction): better-sqlite3 runs synchronously, so nothing can come between.
   * Answers undefined when the connection is busy or not yet open, or for a statement that is not a read; the caller
   * then goes through Knex. Emits the same `query` event Knex does.
   */
  readWhenIdle(sql: string, bindings: readonly unknown[]): unknown[] | undefined {
    // A transaction's client is made from this prototype without these fields, and always goes through Knex.
    if ((this as { transacting?: boolean }).transacting) return undefined;
    if (this.acquisitionsHeld !== 0 || this.openConnections.size !== 1) return undefined;
    const [connection] = this.openConnections;
    if (!connection) return undefined;
    let statement: BetterSqlite3.Statement;
    try {
      statement = cachedStatement(connection, sql);
    } catch {
      return undefined; // Knex reports SQL that does not prepare, in its own words.
    }
    if (!statement.reader) return undefined;
    const query = { method: 'raw', sql, bindings: [...bindings] };
    this.emit('query', query);
    try {
      return statement.all((this as unknown as BetterSqliteKnexClient)._formatBindings(query.bindings));
    } catch (error) {
      this.emit('query-error', error, query);
      throw error;
    }
  }

  async _query(connection: BetterSqlite3.Database, obj: KnexQuery): Promise<KnexQuery> {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const safeIntegers = obj.options?.safeIntegers;
    // A per-query integer mode would stick to a shared statement, so such queries get one of their own.
    const statement =
      typeof safeIntegers === 'boolean'
        ? connection.prepare(obj.sql).safeIntegers(safeIntegers)
        : cachedStatement(connection, obj.sql, obj.options?.rowMode === 'array');
    const bindings = (this as unknown as BetterSqliteKnexClient)._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const result = statement.run(bindings);
    obj.response = result;
    obj.context = { lastID: result.lastInsertRowid, changes: result.changes };
    return obj;
  }
}
