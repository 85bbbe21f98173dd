import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import knex from 'knex';
import { describe, expect, it } from 'vitest';

/**
 * The statement caches (sqlite-statement-cache.ts, postgres-named-statements.ts) subclass Knex's dialect clients,
 * which Knex does not export as API (ADR 0009). This test names every piece of that private surface they rely on, so
 * a Knex upgrade that moves or reshapes one fails here, by name, instead of somewhere in a query.
 */
const require = createRequire(import.meta.url);

interface DialectClass {
  prototype: Record<string, unknown>;
}

const DIALECTS: { module: string; methods: Record<string, number> }[] = [
  {
    module: 'knex/lib/dialects/better-sqlite3/index.js',
    // name → arity (the parameters Knex declares)
    methods: {
      _query: 2,
      _formatBindings: 1,
      acquireRawConnection: 0,
      destroyRawConnection: 1,
      acquireConnection: 0,
      releaseConnection: 1,
    },
  },
  { module: 'knex/lib/dialects/postgres/index.js', methods: { _query: 2 } },
];

function method(dialect: DialectClass, name: string): unknown {
  let prototype: object | null = dialect.prototype;
  while (prototype && !Object.hasOwn(prototype, name)) prototype = Object.getPrototypeOf(prototype);
  return prototype ? (prototype as Record<string, unknown>)[name] : undefined;
}

describe("Knex's private dialect surface", () => {
  it('is the Knex release package.json pins', () => {
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> })
      .dependencies.knex;
    const installed = (require('knex/package.json') as { version: string }).version;
    expect(pinned, 'knex stays on one minor release: ~major.minor.patch').toMatch(/^~\d+\.\d+\.\d+$/);
    const minor = (version: string) => version.replace(/^~/, '').split('.').slice(0, 2).join('.');
    expect(minor(installed)).toBe(minor(pinned ?? ''));
  });

  it.each(DIALECTS)('$module exports a Knex client with the methods the cache overrides or calls', (dialect) => {
    const Client = require(dialect.module) as DialectClass;
    const KnexClient = require('knex/lib/client.js') as DialectClass;
    expect(typeof Client).toBe('function');
    expect(Client.prototype).toBeInstanceOf(KnexClient as unknown as new () => unknown);
    for (const [name, arity] of Object.entries(dialect.methods)) {
      const found = method(Client, name);
      expect(typeof found, `${dialect.module}: ${name}`).toBe('function');
      expect((found as (...args: unknown[]) => unknown).length, `${dialect.module}: ${name}'s parameters`).toBe(arity);
    }
  });

  it("formats better-sqlite3 bindings as the cache's own statements expect", () => {
    const Client = require('knex/lib/dialects/better-sqlite3/index.js') as DialectClass;
    const formatBindings = method(Client, '_formatBindings') as (bindings: unknown[] | undefined) => unknown[];
    const moment = new Date('2026-11-28T12:00:00Z');
    expect(formatBindings(undefined)).toEqual([]);
    expect(formatBindings([moment, true, false, 'text', 3, null])).toEqual([moment.valueOf(), 1, 0, 'text', 3, null]);
  });

  it("marks a transaction's client with `transacting`, which both caches read", async () => {
    const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    try {
      expect((db.client as { transacting?: boolean }).transacting).toBeFalsy();
      await db.transaction(async (trx) => {
        expect((trx.client as { transacting?: boolean }).transacting).toBe(true);
      });
    } finally {
      await db.destroy();
    }
  });
});
