import type { AuthUser, TokenPair } from '@shared/api/auth.types';
import type { SessionStore, StoredSession } from './sessionStore';

/** The localStorage keys of spec 000 §3: the pair, each token, and the user. */
export const SESSION_KEYS = {
  tokens: 'tokens',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
} as const;

const WATCHED: readonly string[] = Object.values(SESSION_KEYS);

/** The web build's session store. */
export function createLocalSessionStore(storage: Storage = window.localStorage): SessionStore {
  const read = (): StoredSession | null => {
    const pair = parse<Partial<TokenPair>>(storage.getItem(SESSION_KEYS.tokens));
    // The pair is written first and in one go, so it wins over the single keys while a save is under way.
    const accessToken = pair?.accessToken ?? storage.getItem(SESSION_KEYS.accessToken);
    const refreshToken = pair?.refreshToken ?? storage.getItem(SESSION_KEYS.refreshToken);
    if (!accessToken || !refreshToken) return null;
    return { accessToken, refreshToken, user: parse<AuthUser>(storage.getItem(SESSION_KEYS.user)) };
  };

  return {
    async load() {
      return read();
    },
    async save(session) {
      storage.setItem(
        SESSION_KEYS.tokens,
        JSON.stringify({ accessToken: session.accessToken, refreshToken: session.refreshToken }),
      );
      storage.setItem(SESSION_KEYS.accessToken, session.accessToken);
      storage.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
      if (session.user) storage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
      else storage.removeItem(SESSION_KEYS.user);
    },
    async clear() {
      for (const key of WATCHED) storage.removeItem(key);
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea !== storage) return;
        if (event.key !== null && !WATCHED.includes(event.key)) return;
        listener(read());
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
