import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { Config } from '../config';
import { NamedStatementsPostgresClient } from './postgres-named-statements';
import { postgresTypes } from './postgres-timestamps';
import { CachedStatementsSqliteClient } from './sqlite-statement-cache';

export type Db = Knex;

/** Database differences live in ./dialect; stores import the dialect from here or from there. */
export { dialectOf, type Dialect } from './dialect';

export function knexConfig(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Knex.Config {
  if (config.databaseUrl) {
    // pg with each data statement prepared once per connection, and time columns read as ISO strings.
    return {
      client: NamedStatementsPostgresClient,
      connection: { connectionString: config.databaseUrl, types: postgresTypes },
      pool: { min: 0, max: 10 },
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  return {
    // better-sqlite3 with each connection's prepared statements kept for reuse.
    client: CachedStatementsSqliteClient,
    connection: { filename: path.join(config.dataDir, 'parley.sqlite') },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(sql: string): void }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  };
}

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  return knexFactory(knexConfig(config));
}

const CANONICAL_ISO = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Times are UTC ISO strings at the API; both databases hand back strings (./postgres-timestamps), a Date may come from code. */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  // What we store is already toISOString()'s form; parsing it again cost a measurable share of a list request.
  if (typeof value === 'string') return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  throw new TypeError(`Not a timestamp: ${String(value)}`);
}

export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

/** PostgreSQL returns booleans, SQLite 0 and 1. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** The number of rows a query matches; PostgreSQL returns counts as strings, SQLite as numbers. */
export async function countRows(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n?: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/**
 * Selects these columns with each row read as an array, and gives the rows back as objects keyed by column: the
 * drivers build an array of a row far faster than an object (better-sqlite3 through V8's API, one property at a
 * time), which counts on pages of many wide rows.
 */
export async function selectRows<Row>(
  query: Knex.QueryBuilder,
  columns: ReadonlyArray<keyof Row & string>,
): Promise<Row[]> {
  const arrays = (await query.select(columns).options({ rowMode: 'array' })) as unknown[][];
  return arrays.map((values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index += 1) row[columns[index] as string] = values[index];
    return row as Row;
  });
}
