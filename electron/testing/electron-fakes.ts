import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { InvokeEventLike, IpcMainLike } from '../ipc/ipc-handlers';
import type { SafeStorageLike, VaultStorage } from '../vault/token-vault';

/** Test doubles of the Electron APIs the main-process modules take as parameters. */

/** Encrypts for real (AES-256-GCM under a key of its own), as the OS keychain would. */
export function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}) {
  const key = randomBytes(32);
  const state = { available: options.available ?? true, backend: options.backend ?? 'gnome_libsecret' };
  const safeStorage: SafeStorageLike & { state: typeof state } = {
    state,
    isEncryptionAvailable: () => state.available,
    getSelectedStorageBackend: () => state.backend,
    encryptString(plainText) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
  return safeStorage;
}

/** An electron-store stand-in that keeps what it was given, to inspect the stored bytes. */
export function memoryStorage(): VaultStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => void data.set(key, value),
    delete: (key) => void data.delete(key),
  };
}

/** ipcMain with a way to call a registered handler as a renderer frame would. */
export function fakeIpcMain() {
  const handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain: IpcMainLike & {
    handlers: typeof handlers;
    invoke(channel: string, event: InvokeEventLike, ...args: unknown[]): Promise<unknown>;
  } = {
    handlers,
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => void handlers.delete(channel),
    invoke(channel, event, ...args) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return handler(event, ...args);
    },
  };
  return ipcMain;
}

/** An invoke event from a frame at `url`; the app's own window by default. */
export function frameEvent(url = 'app://parley/', options: { parent?: unknown; senderId?: number } = {}) {
  return { senderFrame: { url, parent: options.parent ?? null }, sender: { id: options.senderId ?? 1 } };
}

export const SAMPLE_SESSION = {
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl-access-secret',
  refreshToken: 'rt_9f8e7d6c5b4a39281706f5e4d3c2b1a0-refresh-secret',
  user: {
    id: 'u-1',
    email: 'admin@demo.parley.test',
    name: 'Demo Admin',
    username: 'admin@demo.parley.test',
    role: 'admin' as const,
    tenantId: 't-1',
    emailVerified: true,
    isAdmin: true,
  },
};
