import type { AuthUser, TokenPair } from '@shared/api/auth.types';

/** What a signed-in session keeps between launches (spec 000 §3): the token pair and the user. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  user: AuthUser | null;
}

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
