import type { DesktopBridge } from '@shared/api/desktop-bridge';
import { logError } from './log';
import type { SessionStore } from './sessionStore';

export type { DesktopBridge };

declare global {
  interface Window {
    parley?: DesktopBridge;
  }
}

export function desktopBridge(): DesktopBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.parley;
}

/**
 * The desktop vault refuses to store a session where the operating system offers no real encryption; the session
 * then lives only in memory until the console closes, rather than failing every token refresh.
 */
export function createVaultSessionStore(vault: NonNullable<DesktopBridge['sessionVault']>): SessionStore {
  return {
    load: () => vault.load(),
    save: (session) =>
      vault
        .save(session)
        .catch((error: unknown) => logError('session kept in memory only: the vault refused it', error)),
    clear: () => vault.clear(),
    subscribe: (listener) => vault.onChange?.(listener) ?? (() => undefined),
  };
}
