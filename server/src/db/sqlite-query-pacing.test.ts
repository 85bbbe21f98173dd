import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaced } from '../lib/query-pacing';
import { openDatabase, type Db } from './database';

/** A pace the test opens: the paced query waits until it does. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let asked = 0;
  return {
    pace: () => {
      asked += 1;
      return opened;
    },
    open: () => open(),
    get asked() {
      return asked;
    },
  };
}

describe('SQLite queries under a pace', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'parley-pacing-'));
    db = openDatabase({ databaseUrl: '', dataDir: dir });
    await db.schema.createTable('notes', (table) => table.string('text'));
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for its turn before it takes the connection', async () => {
    const turn = gate();
    let ran = false;
    const query = runPaced(turn.pace, async () => {
      await db('notes').select('text');
      ran = true;
    });
    for (let phase = 0; phase < 5; phase += 1) await new Promise((resolve) => setImmediate(resolve));
    expect([turn.asked, ran]).toEqual([1, false]);
    // Meanwhile the connection is free for others.
    await expect(db('notes').count({ n: '*' })).resolves.toEqual([{ n: 0 }]);
    turn.open();
    await query;
    expect(ran).toBe(true);
  });

  it('asks once for a transaction, before it begins, and never for the queries inside it', async () => {
    const turn = gate();
    turn.open();
    await runPaced(turn.pace, () =>
      db.transaction(async (trx) => {
        await trx('notes').insert({ text: 'a' });
        await trx('notes').insert({ text: 'b' });
        await trx('notes').select('text');
      }),
    );
    expect(turn.asked).toBe(1);
  });
});
