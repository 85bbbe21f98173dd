import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../../server/src/db/database';
import { startServerProcess, testServerEnv, type ServerProcess } from './server-process';
import { createPostgresDatabase, type DatabaseKind } from './test-app';

/** One database leg of a crash suite: its own data folder and database, server lives started on them, and a reader. */
export interface CrashLeg {
  kind: DatabaseKind;
  dataDir: string;
  /** Opened on first use, once a server has created and migrated the database. */
  readonly db: Db;
  /** A server life; with `crashAt` it dies (kill -9) at that checkpoint. */
  start(crashAt?: string): Promise<ServerProcess>;
  drop(): Promise<void>;
}

export async function openCrashLeg(kind: DatabaseKind, extraEnv: Record<string, string> = {}): Promise<CrashLeg> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-crash-'));
  const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const env = testServerEnv(dataDir, database?.url, extraEnv);
  let db: Db | null = null;
  return {
    kind,
    dataDir,
    get db() {
      db ??= openDatabase({ databaseUrl: database?.url, dataDir });
      return db;
    },
    start: (crashAt) => startServerProcess({ ...env, ...(crashAt ? { PARLEY_TEST_CRASH_AT: crashAt } : {}) }),
    async drop() {
      await db?.destroy();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
