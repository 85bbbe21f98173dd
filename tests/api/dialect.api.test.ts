import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf, type Notifier } from '../../server/src/db/dialect';
import { eventually } from './support/eventually';
import { TEST_DATABASES } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-database';

interface WorkItem {
  id: number;
  due_at: string;
  leased_by: string | null;
}

const NOW = '2026-11-23T12:00:00.000Z';

describe.each(TEST_DATABASES)('dialect capabilities (%s)', (kind) => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await db.schema.createTable('work_items', (t) => {
      t.integer('id').primary();
      t.string('due_at', 32).notNullable();
      t.string('leased_by', 64).nullable();
    });
    await db.schema.createTable('bulk_rows', (t) => {
      t.integer('id').primary();
      t.text('label').nullable();
      t.boolean('flag').notNullable();
      t.string('created_at', 32).notNullable();
      t.text('meta').nullable();
    });
    await db.schema.createTable('constrained_rows', (t) => {
      t.integer('id').primary();
      t.string('code', 16).notNullable().unique({ indexName: 'constrained_rows_code_unique' });
      t.integer('work_item_id').nullable().references('id').inTable('work_items');
      t.integer('amount').notNullable();
      t.check('?? >= 0', ['amount'], 'constrained_rows_amount_check');
    });
  });
  afterAll(() => database?.close());

  describe('claim', () => {
    const claimDue = (from: Knex, worker: string, limit: number) =>
      dialectOf(from).claim<WorkItem>(from, {
        table: 'work_items',
        due: (q) => q.whereNull('leased_by').where('due_at', '<=', NOW),
        orderBy: ['due_at', 'id'],
        limit,
        set: { leased_by: worker },
      });

    it('leases the earliest due rows, at most the limit, and never a row that is not due', async () => {
      await db('work_items').delete();
      const rows = Array.from({ length: 30 }, (_, i) => ({
        id: i + 1,
        // Rows 1–20 are due (the oldest first), 21–30 only tomorrow.
        due_at: i < 20 ? `2026-11-23T11:${String(59 - i).padStart(2, '0')}:00.000Z` : '2026-11-24T12:00:00.000Z',
        leased_by: null,
      }));
      await db('work_items').insert(rows);
      const first = await claimDue(db, 'worker-a', 5);
      expect(first.map((row) => row.id).sort((a, b) => a - b)).toEqual([16, 17, 18, 19, 20]);
      expect(first.every((row) => row.leased_by === 'worker-a')).toBe(true);
      const rest = await claimDue(db, 'worker-b', 100);
      expect(rest).toHaveLength(15);
      expect(await claimDue(db, 'worker-c', 100)).toEqual([]);
      expect(await db('work_items').whereNull('leased_by').pluck('id')).toHaveLength(10);
    });

    it('gives each due row to exactly one of several claimers on their own connections', async () => {
      await db('work_items').delete();
      const total = 300;
      const rows = Array.from({ length: total }, (_, i) => ({ id: i + 1, due_at: NOW, leased_by: null }));
      await dialectOf(db).bulkInsert(db, 'work_items', ['id', 'due_at', 'leased_by'], rows.map(Object.values));
      const claimers = Array.from({ length: 4 }, (_, i) => ({ name: `worker-${i}`, db: database.connect() }));
      const claimed = await Promise.all(
        claimers.map(async ({ name, db: own }) => {
          const ids: number[] = [];
          for (;;) {
            // PostgreSQL: holding the lease's transaction open a moment makes the claimers overlap. SQLite: each
            // claim is its own statement (see Dialect.claim on transactions there).
            const batch =
              kind === 'postgres'
                ? await own.transaction(async (trx) => {
                    const rows = await claimDue(trx, name, 7);
                    await trx.raw('select pg_sleep(0.005)');
                    return rows;
                  })
                : await claimDue(own, name, 7);
            if (batch.length === 0) return ids;
            ids.push(...batch.map((row) => row.id));
          }
        }),
      );
      const all = claimed.flat();
      expect(all).toHaveLength(total);
      expect(new Set(all).size).toBe(total);
      expect(claimed.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
      const owners = await db('work_items').select('id', 'leased_by');
      for (const [index, ids] of claimed.entries()) {
        const mine = new Set(ids);
        expect(owners.filter((row) => mine.has(row.id)).every((row) => row.leased_by === `worker-${index}`)).toBe(true);
      }
    });
  });

  describe('bulk insert', () => {
    it('inserts 100,000 rows and keeps awkward values intact', async () => {
      await db('bulk_rows').delete();
      const awkward = 'tab\there, line\nbreak, carriage\rreturn, back\\slash, "quotes", émoji 🦜, \\N';
      const rows = Array.from({ length: 100_000 }, (_, i) => [
        i + 1,
        i === 0 ? awkward : i === 1 ? null : `row ${i + 1}`,
        i % 2 === 0,
        new Date(Date.UTC(2026, 10, 23, 12, 0, i % 60)),
        i === 2 ? { tags: ['a', 'b'], n: 1 } : null,
      ]);
      const inserted = await dialectOf(db).bulkInsert(
        db,
        'bulk_rows',
        ['id', 'label', 'flag', 'created_at', 'meta'],
        rows,
      );
      expect(inserted).toBe(100_000);
      const count = await db('bulk_rows').count({ n: '*' }).first();
      expect(Number(count?.n)).toBe(100_000);
      const [first, second, third] = await db('bulk_rows').whereIn('id', [1, 2, 3]).orderBy('id');
      expect(first.label).toBe(awkward);
      expect(second.label).toBeNull();
      expect(Boolean(first.flag)).toBe(true);
      expect(Boolean(second.flag)).toBe(false);
      expect(first.created_at).toBe('2026-11-23T12:00:00.000Z');
      expect(JSON.parse(third.meta)).toEqual({ tags: ['a', 'b'], n: 1 });
    });

    it('takes part in the caller’s transaction: a rollback leaves nothing behind', async () => {
      await db('bulk_rows').delete();
      const rows = Array.from({ length: 1000 }, (_, i) => [i + 1, 'x', true, NOW, null]);
      await expect(
        db.transaction(async (trx) => {
          await dialectOf(trx).bulkInsert(trx, 'bulk_rows', ['id', 'label', 'flag', 'created_at', 'meta'], rows);
          expect(Number((await trx('bulk_rows').count({ n: '*' }).first())?.n)).toBe(1000);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(Number((await db('bulk_rows').count({ n: '*' }).first())?.n)).toBe(0);
    });

    it('refuses rows whose length does not match the columns, inserting nothing', async () => {
      await db('bulk_rows').delete();
      await expect(
        dialectOf(db).bulkInsert(
          db,
          'bulk_rows',
          ['id', 'label', 'flag', 'created_at', 'meta'],
          [
            [1, 'a', true, NOW, null],
            [2, 'b', true, NOW],
          ],
        ),
      ).rejects.toThrow(/Row 1 has 4 values for 5 columns/);
      expect(Number((await db('bulk_rows').count({ n: '*' }).first())?.n)).toBe(0);
    });

    it('fails as a whole on a constraint violation', async () => {
      await db('bulk_rows').delete();
      const rows = [
        [1, 'a', true, NOW, null],
        [1, 'duplicate', true, NOW, null],
      ];
      const error = await dialectOf(db)
        .bulkInsert(db, 'bulk_rows', ['id', 'label', 'flag', 'created_at', 'meta'], rows)
        .catch((e: unknown) => e);
      expect(dialectOf(db).driverErrorOf(error)?.kind).toBe('unique-violation');
      expect(Number((await db('bulk_rows').count({ n: '*' }).first())?.n)).toBe(0);
      // The connection is usable afterwards.
      expect(Number((await db('bulk_rows').count({ n: '*' }).first())?.n)).toBe(0);
    });
  });

  describe('driver errors', () => {
    it('translates constraint violations into one vocabulary', async () => {
      const dialect = dialectOf(db);
      await db('constrained_rows').delete();
      await db('constrained_rows').insert({ id: 1, code: 'A', amount: 1 });
      const failure = (row: Record<string, unknown>) =>
        db('constrained_rows')
          .insert(row)
          .then(
            () => null,
            (error: unknown) => dialect.driverErrorOf(error)?.kind,
          );
      expect(await failure({ id: 2, code: 'A', amount: 1 })).toBe('unique-violation');
      expect(await failure({ id: 1, code: 'B', amount: 1 })).toBe('unique-violation');
      expect(await failure({ id: 3, code: 'C', amount: 1, work_item_id: 999_999 })).toBe('foreign-key-violation');
      expect(await failure({ id: 4, code: null, amount: 1 })).toBe('not-null-violation');
      expect(await failure({ id: 5, code: 'E', amount: -1 })).toBe('check-violation');
      const unique = await db('constrained_rows')
        .insert({ id: 6, code: 'A', amount: 1 })
        .catch((error: unknown) => error);
      expect(dialect.isUniqueViolation(unique)).toBe(true);
      if (kind === 'postgres') expect(dialect.driverErrorOf(unique)?.constraint).toBe('constrained_rows_code_unique');
      expect(dialect.driverErrorOf(new Error('not a driver error'))).toBeNull();
      expect(dialect.isUniqueViolation(undefined)).toBe(false);
    });
  });

  describe('prepared statements', () => {
    it('answers repeated and evicted statements with fresh results, and sees schema changes', async () => {
      await db('work_items').delete();
      await db('work_items').insert([
        { id: 1, due_at: NOW, leased_by: 'a' },
        { id: 2, due_at: NOW, leased_by: 'b' },
      ]);
      const byOwner = (owner: string) => db('work_items').where({ leased_by: owner }).pluck('id');
      expect(await byOwner('a')).toEqual([1]);
      expect(await byOwner('b')).toEqual([2]);
      await db('work_items').where({ id: 1 }).update({ leased_by: 'b' });
      expect((await byOwner('b')).sort()).toEqual([1, 2]);
      // More distinct statements than a connection keeps, then the first one again.
      for (let i = 0; i < 600; i += 1)
        await db('work_items')
          .where('id', '>', i)
          .select(db.raw(`${i} as n`));
      expect((await byOwner('b')).sort()).toEqual([1, 2]);
      // Prepared on several connections before the table changes, then run again on them.
      const wholeRows = () =>
        Promise.all(Array.from({ length: 8 }, () => db('work_items').where({ id: 1 }).select('*')));
      expect((await wholeRows()).every(([row]) => !('note' in row))).toBe(true);
      await db.schema.alterTable('work_items', (t) => t.string('note', 16).nullable());
      expect((await wholeRows()).every(([row]) => 'note' in row)).toBe(true);
      await db.schema.alterTable('work_items', (t) => t.dropColumn('note'));
    });
  });

  describe('read at once', () => {
    it('reads synchronously on an idle SQLite connection, and leaves every other case to Knex', async () => {
      await db('work_items').delete();
      await db('work_items').insert({ id: 1, due_at: NOW, leased_by: 'a' });
      const dialect = dialectOf(db);
      const read = (from: Knex | Knex.Transaction) =>
        dialect.readAtOnce<WorkItem>(from, 'select id, leased_by from work_items where leased_by = ?', ['a']);
      if (kind === 'postgres') {
        expect(read(db)).toBeUndefined();
        return;
      }
      expect(read(db)).toEqual([{ id: 1, leased_by: 'a' }]);
      expect(dialect.readAtOnce(db, 'delete from work_items', [])).toBeUndefined();
      expect(await db('work_items').count({ n: '*' })).toEqual([{ n: 1 }]);
      await db.transaction(async (trx) => {
        expect(read(trx)).toBeUndefined();
        // The transaction holds the one connection: a read from outside must wait for it.
        expect(read(db)).toBeUndefined();
      });
    });
  });

  describe('notifications', () => {
    let notifier: Notifier;
    let other: Notifier;
    const errors: unknown[] = [];

    beforeAll(() => {
      notifier = dialectOf(db).createNotifier(db, (error) => errors.push(error));
      // On PostgreSQL the publisher is another instance with its own pool; SQLite has one instance only.
      other = kind === 'postgres' ? dialectOf(db).createNotifier(database.connect(), (e) => errors.push(e)) : notifier;
    });
    afterAll(async () => {
      await notifier?.close();
      if (other !== notifier) await other?.close();
    });

    it('delivers a payload to every subscriber of the channel, and nothing after unsubscribing', async () => {
      const received: unknown[] = [];
      const alsoReceived: unknown[] = [];
      const unsubscribe = await notifier.subscribe('call_events', (payload) => received.push(payload));
      const unsubscribeToo = await notifier.subscribe('call_events', (payload) => alsoReceived.push(payload));
      await notifier.subscribe('other_channel', () => received.push('wrong channel'));
      await other.publish('call_events', { callId: 'c-1', status: 'ended' });
      await eventually(async () => expect(received).toEqual([{ callId: 'c-1', status: 'ended' }]));
      await eventually(async () => expect(alsoReceived).toEqual([{ callId: 'c-1', status: 'ended' }]));
      await unsubscribe();
      await other.publish('call_events', { callId: 'c-2' });
      await eventually(async () => expect(alsoReceived).toHaveLength(2));
      expect(received).toHaveLength(1);
      await unsubscribeToo();
      expect(errors).toEqual([]);
    });

    it('delivers what a transaction publishes only when it commits', async () => {
      const received: unknown[] = [];
      const unsubscribe = await notifier.subscribe('tx_events', (payload) => received.push(payload));
      await db
        .transaction(async (trx) => {
          await other.publish('tx_events', 'rolled back', trx);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await db.transaction(async (trx) => {
        await other.publish('tx_events', 'committed', trx);
      });
      await eventually(async () => expect(received).toEqual(['committed']));
      await unsubscribe();
    });

    it('refuses bad channel names and oversized payloads', async () => {
      await expect(other.publish('no-dashes; drop table', {})).rejects.toThrow(/Not a channel name/);
      await expect(notifier.subscribe('Upper', () => undefined)).rejects.toThrow(/Not a channel name/);
      await expect(other.publish('big', 'x'.repeat(8001))).rejects.toThrow(/8000 bytes/);
    });

    it('reports a handler that throws and still delivers to the others', async () => {
      const received: unknown[] = [];
      const before = errors.length;
      const unsubscribeBad = await notifier.subscribe('faulty', () => {
        throw new Error('handler bug');
      });
      const unsubscribeGood = await notifier.subscribe('faulty', (payload) => received.push(payload));
      await other.publish('faulty', 1);
      await eventually(async () => expect(received).toEqual([1]));
      expect(errors.slice(before)).toEqual([new Error('handler bug')]);
      errors.length = before;
      await unsubscribeBad();
      await unsubscribeGood();
    });

    // SQLite's notifier has no connection to lose.
    if (kind === 'postgres')
      it('listens again after its connection is lost', async () => {
        const received: unknown[] = [];
        const unsubscribe = await notifier.subscribe('after_reconnect', (payload) => received.push(payload));
        const killed = await db.raw(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'parley-notifier' and datname = current_database()`,
        );
        expect(killed.rows.length).toBeGreaterThanOrEqual(1);
        // Payloads sent while it reconnects are lost by design; keep publishing until one arrives.
        let n = 0;
        await eventually(async () => {
          n += 1;
          await other.publish('after_reconnect', n);
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(received.length).toBeGreaterThan(0);
        }, 15_000);
        await unsubscribe();
      });
  });
});
