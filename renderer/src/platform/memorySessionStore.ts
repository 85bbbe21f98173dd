import type { SessionStore, StoredSession } from './sessionStore';

/** Keeps the session for this page only: where no persistent storage is available (and in unit tests). */
export function createMemorySessionStore(): SessionStore {
  let session: StoredSession | null = null;
  return {
    async load() {
      return session;
    },
    async save(next) {
      session = next;
    },
    async clear() {
      session = null;
    },
    subscribe() {
      return () => undefined;
    },
  };
}
