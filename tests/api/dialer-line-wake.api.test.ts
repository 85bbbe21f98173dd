import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf, type Notifier } from '../../server/src/db/dialect';
import { createLineWake, type LineWake } from '../../server/src/modules/dialer/dialer-line-wake';
import { TEST_DATABASES } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-database';

/** A wait that has not ended within this is still waiting: every wait in these tests is far longer. */
const STILL_WAITING_MS = 150;

const settled = (promise: Promise<boolean>) =>
  Promise.race([promise, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), STILL_WAITING_MS))]);

describe.each(TEST_DATABASES)('a pass waiting for a free line (%s)', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  let notifier: Notifier;
  let publisherNotifier: Notifier;
  let waiting: LineWake;
  let settling: LineWake;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    const logger = pino({ level: 'silent' });
    notifier = dialectOf(db).createNotifier(db, () => undefined);
    // On PostgreSQL the call is settled by another worker process, with its own pool.
    const publisherDb = kind === 'postgres' ? database.connect() : db;
    publisherNotifier = kind === 'postgres' ? dialectOf(db).createNotifier(publisherDb, () => undefined) : notifier;
    waiting = createLineWake({ notifier, logger });
    settling = createLineWake({ notifier: publisherNotifier, logger });
    await db.schema.createTable('settled_calls', (t) => t.string('id', 36).primary());
  });
  afterAll(async () => {
    await notifier?.close();
    if (publisherNotifier !== notifier) await publisherNotifier?.close();
    await database?.close();
  });

  it('wakes when a settlement of its tenant commits, one waiter per freed line, and not for a rollback', async () => {
    const first = waiting.wait('tenant-a', 20_000);
    const second = waiting.wait('tenant-a', 20_000);
    const otherTenant = waiting.wait('tenant-b', 20_000);
    await db
      .transaction(async (trx) => {
        await settling.freed('tenant-a', trx);
        throw new Error('the settlement failed');
      })
      .catch(() => undefined);
    expect(await settled(first)).toBe('waiting');

    await db.transaction(async (trx) => {
      await trx('settled_calls').insert({ id: 'call-1' });
      await settling.freed('tenant-a', trx);
    });
    expect(await first).toBe(true);
    expect(await settled(second)).toBe('waiting');
    expect(await settled(otherTenant)).toBe('waiting');

    await db.transaction((trx) => settling.freed('tenant-a', trx));
    await db.transaction((trx) => settling.freed('tenant-b', trx));
    expect(await second).toBe(true);
    expect(await otherTenant).toBe(true);
  });

  it('gives up after its time when no line is freed', async () => {
    const started = Date.now();
    expect(await waiting.wait('tenant-c', 50)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
