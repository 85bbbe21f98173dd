import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type pg from 'pg';

/**
 * Knex's pg client sends every query unnamed, so PostgreSQL parses and plans it each time. This client names each
 * data statement after a hash of its SQL, so each connection prepares it once and then only binds and executes it
 * (about a third less time per query for the agents list). Bounded per connection; DDL and transaction control stay
 * unnamed.
 */
const NAMED_PER_CONNECTION = 500;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** PostgreSQL's answer when a table changed under a prepared `select *`: the statement must be prepared anew. */
const STALE_PLAN = 'cached plan must not change result type';

interface KnexQuery {
  sql: string;
  options?: Record<string, unknown>;
}

interface PostgresKnexClient {
  transacting?: boolean;
  _query(connection: pg.ClientBase, obj: KnexQuery): Promise<KnexQuery>;
}

const require = createRequire(import.meta.url);
// Knex resolves 'pg' to this class; it has no typings of its own.
const PostgresClient = require('knex/lib/dialects/postgres/index.js') as typeof Knex.Client;
const baseQuery = (PostgresClient.prototype as unknown as PostgresKnexClient)._query;

const named = new WeakMap<pg.ClientBase, Set<string>>();
const stale = new WeakMap<pg.ClientBase, Set<string>>();

function setOf(map: WeakMap<pg.ClientBase, Set<string>>, connection: pg.ClientBase): Set<string> {
  let set = map.get(connection);
  if (!set) {
    set = new Set();
    map.set(connection, set);
  }
  return set;
}

function statementName(connection: pg.ClientBase, obj: KnexQuery): string | null {
  if (obj.options?.name !== undefined || !DATA_STATEMENT.test(obj.sql)) return null;
  const name = `k${createHash('sha1').update(obj.sql).digest('hex')}`;
  if (stale.get(connection)?.has(name)) return null;
  const names = setOf(named, connection);
  if (!names.has(name) && names.size >= NAMED_PER_CONNECTION) return null;
  names.add(name);
  return name;
}

export class NamedStatementsPostgresClient extends PostgresClient {
  async _query(connection: pg.ClientBase, obj: KnexQuery): Promise<KnexQuery> {
    const name = statementName(connection, obj);
    if (!name) return baseQuery.call(this, connection, obj);
    const options = obj.options;
    obj.options = { ...options, name };
    try {
      return await baseQuery.call(this, connection, obj);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes(STALE_PLAN)) throw error;
      // This connection's prepared copy is stale for good: use the statement unnamed from now on, and run it again
      // unless a transaction was aborted by the failure.
      setOf(stale, connection).add(name);
      obj.options = options;
      if ((this as unknown as PostgresKnexClient).transacting) throw error;
      return baseQuery.call(this, connection, obj);
    }
  }
}
