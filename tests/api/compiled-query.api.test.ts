import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQuery } from '../../server/src/db/compiled-query';
import { TEST_DATABASES } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-database';

interface Item {
  id: number;
  owner: string;
  label: string;
}

describe.each(TEST_DATABASES)('compiled queries (%s)', (kind) => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await db.schema.createTable('compiled_items', (t) => {
      t.integer('id').primary();
      t.string('owner', 16).notNullable();
      t.string('label', 32).notNullable();
    });
    await db('compiled_items').insert([
      { id: 1, owner: 'a', label: 'one' },
      { id: 2, owner: 'b', label: 'two' },
      { id: 3, owner: 'a', label: 'three' },
      { id: 4, owner: 'a', label: "it's ?" },
    ]);
  });
  afterAll(() => database?.close());

  const byOwnerAfter = compiledQuery<Item>((from, owner, afterId) =>
    from('compiled_items').where({ owner }).where('id', '>', afterId).orderBy('id').limit(10),
  );

  it('answers each call with its own values, exactly as the builder would', async () => {
    for (const [owner, afterId] of [
      ['a', 0],
      ['b', 0],
      ['a', 1],
      ['nobody', 0],
    ] as const) {
      const built = await db('compiled_items').where({ owner }).where('id', '>', afterId).orderBy('id').limit(10);
      expect(await byOwnerAfter(db, owner, afterId)).toEqual(built);
    }
  });

  it('binds values as values: text that looks like SQL or a placeholder stays data', async () => {
    expect(await byOwnerAfter(db, "a' or '1'='1", 0)).toEqual([]);
    const byLabel = compiledQuery<Item>((from, label) => from('compiled_items').where({ label }));
    expect(await byLabel(db, "it's ?")).toEqual([{ id: 4, owner: 'a', label: "it's ?" }]);
  });

  it('runs inside a transaction', async () => {
    await db
      .transaction(async (trx) => {
        await trx('compiled_items').insert({ id: 5, owner: 'c', label: 'five' });
        expect(await byOwnerAfter(trx, 'c', 0)).toEqual([{ id: 5, owner: 'c', label: 'five' }]);
        await trx.rollback();
      })
      .catch(() => undefined);
    expect(await byOwnerAfter(db, 'c', 0)).toEqual([]);
  });

  it('never lets a read from outside an open transaction see its uncommitted rows', async () => {
    let inserted!: () => void;
    let finish!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db
      .transaction(async (trx) => {
        await trx('compiled_items').insert({ id: 6, owner: 'd', label: 'six' });
        inserted();
        await finishing;
        await trx.rollback();
      })
      .catch(() => undefined);
    await insertDone;
    // SQLite has one connection, held by the transaction: the read waits for it; PostgreSQL reads committed rows.
    const outside = byOwnerAfter(db, 'd', 0);
    finish();
    await transaction;
    expect(await outside).toEqual([]);
  });

  it('reports each run as one query event with its SQL and bindings, as the builder does', async () => {
    const seen: Array<{ sql: string; bindings: unknown[] }> = [];
    const onQuery = (query: { sql: string; bindings: unknown[] }) => seen.push(query);
    db.on('query', onQuery);
    try {
      await byOwnerAfter(db, 'b', 0);
    } finally {
      db.off('query', onQuery);
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]?.sql).toMatch(/compiled_items/);
    expect(seen[0]?.bindings).toEqual(expect.arrayContaining(['b', 0]));
  });

  it('refuses a value written into the SQL rather than bound, and a call with the wrong number of values', async () => {
    const inlined = compiledQuery<Item>((from, owner) => from('compiled_items').whereRaw(`owner = '${owner}'`));
    await expect(inlined(db, 'a')).rejects.toThrow(/must bind its values/);
    const unused = compiledQuery<Item>((from) => from('compiled_items'));
    await expect(unused(db, 'a')).rejects.toThrow(/must bind each of its 1 values/);
    await expect(byOwnerAfter(db, 'a')).rejects.toThrow(/takes 2 values, not 1/);
  });
});
