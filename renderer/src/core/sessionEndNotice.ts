import type { SessionEndReason } from './sessionSlice';

const KEY = 'parley:sessionEnded';

/** sessionStorage, unless the browser refuses it (some private modes throw on access). */
function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Why this tab's session ended, kept for the tab's life: /auth still says 'Authentication expired' after a reload,
 * until the next sign-in. A sign-out is not worth a notice, so only an expiry is kept.
 */
export function rememberSessionEnd(reason: SessionEndReason | null, storage = tabStorage()): void {
  try {
    if (reason === 'expired') storage?.setItem(KEY, reason);
    else storage?.removeItem(KEY);
  } catch {
    // A full or refused storage only costs the notice after a reload.
  }
}

export function recallSessionEnd(storage = tabStorage()): SessionEndReason | null {
  try {
    return storage?.getItem(KEY) === 'expired' ? 'expired' : null;
  } catch {
    return null;
  }
}
