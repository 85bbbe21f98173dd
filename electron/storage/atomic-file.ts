import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The file-system calls the stores make, injected so that tests can stop a write half-way, as a crash would. */
export interface StoreFileSystem {
  open: typeof fs.open;
  rename: typeof fs.rename;
  readFile(file: string, encoding: 'utf8'): Promise<string>;
  readdir(dir: string): Promise<string[]>;
  mkdir(dir: string, options: { recursive: true; mode: number }): Promise<unknown>;
  rm(file: string, options: { force: true }): Promise<void>;
}

export const nodeFileSystem: StoreFileSystem = {
  open: fs.open,
  rename: fs.rename,
  readFile: (file, encoding) => fs.readFile(file, encoding),
  readdir: (dir) => fs.readdir(dir),
  mkdir: (dir, options) => fs.mkdir(dir, options),
  rm: (file, options) => fs.rm(file, options),
};

/** Temporary files end so; readers skip them, and the next write of the same file clears what a crash left. */
export const TEMP_SUFFIX = '.tmp';

/**
 * Replaces `file` with `text` so that a crash at any point leaves either the old or the new content, never a mix or
 * nothing: write a temporary file beside it, flush it to the disk, rename it over the old one, then flush the folder
 * so the rename itself survives a power cut. It resolves only once all of that is done.
 */
export async function writeFileAtomic(files: StoreFileSystem, file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await files.mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomUUID()}${TEMP_SUFFIX}`;
  const handle = await files.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await files.rename(temp, file);
  } catch (error) {
    await files.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(files, dir);
  await removeLeftTemporaries(files, file);
}

/**
 * Removes temporary files of `file` that a crash left half-way. Only a crash leaves one: writes of one file run one
 * after another (createWriteQueue) in the one instance the desktop app allows.
 */
async function removeLeftTemporaries(files: StoreFileSystem, file: string): Promise<void> {
  const dir = path.dirname(file);
  const ofThisFile = `${path.basename(file)}.`;
  for (const name of await listFolder(files, dir)) {
    if (name.startsWith(ofThisFile) && name.endsWith(TEMP_SUFFIX))
      await files.rm(path.join(dir, name), { force: true });
  }
}

/** Windows cannot open a folder to flush it; NTFS journals the rename itself. */
async function syncDirectory(files: StoreFileSystem, dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await files.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A file's text, or null when there is none. */
export async function readTextFile(files: StoreFileSystem, file: string): Promise<string | null> {
  try {
    return await files.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A folder's entries, or none when it does not exist yet. */
export async function listFolder(files: StoreFileSystem, dir: string): Promise<string[]> {
  try {
    return await files.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Runs writes to one file one after another, so that a later save never lands before an earlier one. */
export function createWriteQueue(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, task) => {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    tails.set(key, next);
    void next
      .finally(() => {
        if (tails.get(key) === next) tails.delete(key);
      })
      .catch(() => undefined);
    return next;
  };
}
