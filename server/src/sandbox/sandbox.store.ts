import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** One kind of emulated vendor object, kept as JSON documents in insertion order. */
export interface Collection<T> {
  get(id: string): T | undefined;
  put(id: string, value: T): void;
  delete(id: string): boolean;
  all(): T[];
  /** The documents whose JSON field at `path` (`$.a.b`) equals `value`, in insertion order; SQLite picks them out. */
  allWhere(path: string, value: string | number): T[];
}

/** The emulators' state: one SQLite file, written on every change, so a restart loses nothing. */
export interface SandboxStore {
  collection<T>(name: string): Collection<T>;
  /** A setting made once and kept (credentials, secrets): returns the stored value or stores `create()`'s. */
  setting(name: string, create: () => string): string;
  transaction<R>(work: () => R): R;
  close(): void;
}

export function openSandboxStore(dataDir: string): SandboxStore {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'sandbox.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(`
    create table if not exists documents (
      collection text not null,
      id text not null,
      data text not null,
      primary key (collection, id)
    );
    create table if not exists settings (name text primary key, value text not null);
  `);
  const getDocument = db.prepare<[string, string], { data: string }>(
    'select data from documents where collection = ? and id = ?',
  );
  const putDocument = db.prepare<[string, string, string]>(
    `insert into documents (collection, id, data) values (?, ?, ?)
     on conflict (collection, id) do update set data = excluded.data`,
  );
  const deleteDocument = db.prepare<[string, string]>('delete from documents where collection = ? and id = ?');
  const allDocuments = db.prepare<[string], { data: string }>(
    'select data from documents where collection = ? order by rowid',
  );
  const matchingDocuments = db.prepare<[string, string, string | number], { data: string }>(
    'select data from documents where collection = ? and json_extract(data, ?) = ? order by rowid',
  );
  const getSetting = db.prepare<[string], { value: string }>('select value from settings where name = ?');
  const putSetting = db.prepare<[string, string]>('insert into settings (name, value) values (?, ?)');

  return {
    collection<T>(name: string): Collection<T> {
      return {
        get(id) {
          const row = getDocument.get(name, id);
          return row ? (JSON.parse(row.data) as T) : undefined;
        },
        put(id, value) {
          putDocument.run(name, id, JSON.stringify(value));
        },
        delete(id) {
          return deleteDocument.run(name, id).changes > 0;
        },
        all() {
          return allDocuments.all(name).map((row) => JSON.parse(row.data) as T);
        },
        allWhere(path, value) {
          return matchingDocuments.all(name, path, value).map((row) => JSON.parse(row.data) as T);
        },
      };
    },
    setting(name, create) {
      const existing = getSetting.get(name);
      if (existing) return existing.value;
      const value = create();
      putSetting.run(name, value);
      return value;
    },
    transaction(work) {
      return db.transaction(work)();
    },
    close() {
      db.close();
    },
  };
}
