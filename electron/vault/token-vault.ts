import { storedSessionSchema, type StoredSessionPayload } from '@shared/schemas/desktop-ipc.schema';
import { DesktopError } from '../ipc/desktop-error';

/** The parts of Electron's `safeStorage` the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend(): string;
}

/** Where the ciphertext lives (electron-store in the app); it only ever sees base64 of encrypted bytes. */
export interface VaultStorage {
  get(key: string): unknown;
  set(key: string, value: string): void;
  delete(key: string): void;
}

/** The session, encrypted by the operating system's keychain; main process only. */
export interface TokenVault {
  load(): StoredSessionPayload | null;
  save(session: StoredSessionPayload): void;
  clear(): void;
  /** False where the system offers no real encryption: then nothing is kept and the session lives in memory. */
  isPersistent(): boolean;
}

export interface TokenVaultOptions {
  safeStorage: SafeStorageLike;
  storage: VaultStorage;
  platform: NodeJS.Platform;
  /** Told when a stored session could not be read back (keychain changed, file damaged) and was dropped. */
  onDiscarded?(reason: string): void;
}

export const VAULT_KEY = 'session';
/** Far above a real session; a bound so a renderer cannot fill the disk through the vault. */
const VAULT_MAX_BYTES = 64 * 1024;

const ENCRYPTION_UNAVAILABLE_MESSAGE =
  'Secure storage is not available on this computer, so Parley cannot keep you signed in after it closes.';

export function createTokenVault(options: TokenVaultOptions): TokenVault {
  const { safeStorage, storage, platform } = options;

  // On Linux without a keyring Electron "encrypts" with a fixed, public key; that is plain text in disguise.
  const canEncrypt = () =>
    safeStorage.isEncryptionAvailable() &&
    (platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text');

  const discard = (reason: string) => {
    storage.delete(VAULT_KEY);
    options.onDiscarded?.(reason);
  };

  return {
    load() {
      const stored = storage.get(VAULT_KEY);
      if (stored === undefined) return null;
      if (typeof stored !== 'string') {
        discard('not a string');
        return null;
      }
      // Keep the ciphertext: the keychain may be locked now and open at the next start.
      if (!safeStorage.isEncryptionAvailable()) return null;
      try {
        const plain = safeStorage.decryptString(Buffer.from(stored, 'base64'));
        return storedSessionSchema.validateSync(JSON.parse(plain));
      } catch (error) {
        discard(error instanceof Error ? error.name : 'unreadable');
        return null;
      }
    },

    save(session) {
      if (!canEncrypt()) {
        // An older session left on disk would hold a refresh token that has since rotated.
        storage.delete(VAULT_KEY);
        throw new DesktopError('VAULT_ENCRYPTION_UNAVAILABLE', ENCRYPTION_UNAVAILABLE_MESSAGE);
      }
      const plain = JSON.stringify(storedSessionSchema.validateSync(session));
      if (Buffer.byteLength(plain) > VAULT_MAX_BYTES) {
        throw new DesktopError('IPC_INVALID_ARGUMENT', 'The session is too large to keep.');
      }
      storage.set(VAULT_KEY, safeStorage.encryptString(plain).toString('base64'));
    },

    clear() {
      storage.delete(VAULT_KEY);
    },

    isPersistent: canEncrypt,
  };
}
