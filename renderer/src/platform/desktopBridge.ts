import type { SessionStore, StoredSession } from './sessionStore';

/**
 * What the Electron preload script exposes as `window.parley`. The renderer reaches the desktop only through this
 * bridge; the vault encrypts the session in the main process.
 */
export interface DesktopBridge {
  /** The API origin the console talks to (a remote server or the embedded demo server), e.g. http://127.0.0.1:3000 */
  apiOrigin?: string;
  sessionVault?: {
    load(): Promise<StoredSession | null>;
    save(session: StoredSession): Promise<void>;
    clear(): Promise<void>;
    onChange?(listener: (session: StoredSession | null) => void): () => void;
  };
}

declare global {
  interface Window {
    parley?: DesktopBridge;
  }
}

export function desktopBridge(): DesktopBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.parley;
}

export function createVaultSessionStore(vault: NonNullable<DesktopBridge['sessionVault']>): SessionStore {
  return {
    load: () => vault.load(),
    save: (session) => vault.save(session),
    clear: () => vault.clear(),
    subscribe: (listener) => vault.onChange?.(listener) ?? (() => undefined),
  };
}
