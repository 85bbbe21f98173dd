import type { DesktopNotification } from '@shared/api/desktop-bridge';
import { API_PREFIX } from '@shared/api/routes';
import { createBridgeContactDraftStore, deferredContactDraftStore, type ContactDraftStore } from './contactDraftStore';
import { createVaultSessionStore, desktopBridge } from './desktopBridge';
import { logError } from './log';
import { createLocalSessionStore } from './localSessionStore';
import { createMemorySessionStore } from './memorySessionStore';
import type { SessionStore } from './sessionStore';

export type { SessionStore, StoredSession } from './sessionStore';
export type { ContactDraftStore } from './contactDraftStore';
export { logError } from './log';

/** What differs between the web build and the desktop console. */
export interface Platform {
  kind: 'web' | 'desktop';
  /** Base of every API call: '/api' on the web, the configured server's /api on the desktop. */
  apiBaseUrl: string;
  sessionStore: SessionStore;
  /**
   * Runs `task` while no other tab or window of this origin runs a task under the same name, so that two tabs never
   * spend the same refresh token (a reused refresh token revokes the whole sign-in).
   */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /** Hands a live event's notification to the desktop console's tray; the web build shows its toast only. */
  notify(notification: DesktopNotification): void;
  /** Offline contact drafts: the main process's files on the desktop, IndexedDB in the browser. */
  contactDrafts: ContactDraftStore;
}

/** localStorage, unless the browser refuses it (some private modes throw on access). */
function localStorageOrNull(): Storage | null {
  try {
    const storage = typeof window === 'undefined' ? null : window.localStorage;
    storage?.getItem('tokens');
    return storage;
  } catch {
    return null;
  }
}

function createPlatform(): Platform {
  const bridge = desktopBridge();
  const vault = bridge?.sessionVault;
  const storage = localStorageOrNull();
  return {
    kind: bridge ? 'desktop' : 'web',
    apiBaseUrl: `${bridge?.apiOrigin?.replace(/\/+$/, '') ?? ''}${API_PREFIX}`,
    sessionStore: vault
      ? createVaultSessionStore(vault)
      : storage
        ? createLocalSessionStore(storage)
        : createMemorySessionStore(),
    notify: (notification) => {
      bridge?.notify?.(notification).catch((error: unknown) => logError('the notification was refused', error));
    },
    contactDrafts: bridge?.contactDrafts
      ? createBridgeContactDraftStore(bridge.contactDrafts)
      : deferredContactDraftStore(async () =>
          (await import('./indexedDbContactDraftStore')).createIndexedDbContactDraftStore(() => globalThis.indexedDB),
        ),
    withLock(name, task) {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? locks.request(`parley:${name}`, task) : task();
    },
  };
}

export const platform: Platform = createPlatform();
