import fs from 'node:fs/promises';
import path from 'node:path';

/** Tenant files under the data folder, always under names the server made. */
export interface FileStorage {
  write(tenantId: string, storageKey: string, data: Buffer): Promise<void>;
  read(tenantId: string, storageKey: string): Promise<Buffer>;
  remove(tenantId: string, storageKey: string): Promise<void>;
}

const SAFE_SEGMENT = /^[A-Za-z0-9-]+(\.[a-z0-9]{1,5})?$/;

export function localFileStorage(rootDir: string): FileStorage {
  const resolve = (tenantId: string, storageKey: string) => {
    if (!SAFE_SEGMENT.test(tenantId) || !SAFE_SEGMENT.test(storageKey)) {
      throw new Error('Unsafe storage path');
    }
    return path.join(rootDir, tenantId, storageKey);
  };
  return {
    async write(tenantId, storageKey, data) {
      const file = resolve(tenantId, storageKey);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data, { flag: 'wx' });
    },
    read: (tenantId, storageKey) => fs.readFile(resolve(tenantId, storageKey)),
    async remove(tenantId, storageKey) {
      await fs.rm(resolve(tenantId, storageKey), { force: true });
    },
  };
}
