import type { TokenPair } from '@shared/api/auth.types';
import type { StoredSession } from '@shared/api/desktop-bridge';

export type { StoredSession };

/**
 * Where the session lives between launches. The web build keeps it in localStorage; the desktop build keeps it in
 * the main process's encrypted vault behind the preload bridge. Every method may be asynchronous.
 */
export interface SessionStore {
  load(): Promise<StoredSession | null>;
  save(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
  /** Reports changes made elsewhere (another tab or window); returns the unsubscribe function. */
  subscribe(listener: (session: StoredSession | null) => void): () => void;
}

export function toTokenPair(session: Pick<StoredSession, 'accessToken' | 'refreshToken'>): TokenPair {
  return { accessToken: session.accessToken, refreshToken: session.refreshToken };
}
