import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { openDatabase } from '../../../server/src/db/database';
import { migrateToLatest } from '../../../server/src/db/migrations';
import { createPostgresDatabase, type DatabaseKind } from './test-app';

/** A fresh, migrated database of either kind, without an app: for tests of the database layer and the jobs. */
export interface TestDatabase {
  kind: DatabaseKind;
  /** What openDatabase takes: the URL on PostgreSQL, the folder of the SQLite file otherwise. */
  settings: { databaseUrl?: string; dataDir: string };
  db: Knex;
  /** Another Knex instance (its own pool and connections) on the same database. */
  connect(): Knex;
  close(): Promise<void>;
}

export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-db-test-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const settings = { databaseUrl: postgres?.url, dataDir };
  const instances: Knex[] = [];
  const connect = () => {
    const instance = openDatabase(settings);
    instances.push(instance);
    return instance;
  };
  const db = connect();
  await migrateToLatest(db);
  return {
    kind,
    settings,
    db,
    connect,
    async close() {
      await Promise.all(instances.map((instance) => instance.destroy()));
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
