import type { AuthUser } from './auth.types';

/** What a signed-in session keeps between launches (spec 000 §3): the token pair and the user. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  user: AuthUser | null;
}

/**
 * What the Electron preload script exposes as `window.parley`: the renderer reaches the desktop only through this
 * bridge, and the preload implements exactly it. The vault encrypts the session in the main process.
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
