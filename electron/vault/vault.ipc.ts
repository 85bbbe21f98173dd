import { storedSessionSchema, type StoredSessionPayload } from '@shared/schemas/desktop-ipc.schema';
import { isAppUrl } from '../app-origin';
import { EVENT_CHANNELS, INVOKE_CHANNELS, type EventChannel, type EventContract } from '../ipc/ipc-channels';
import type { HandlerMap } from '../ipc/ipc-handlers';
import type { TokenVault } from './token-vault';

/** The parts of a window's `webContents` that main-process events are sent to. */
export interface AppContents {
  id: number;
  getURL(): string;
  send(channel: string, payload: unknown): void;
}

/** Sends an event to every window showing the app (never to a page that navigated elsewhere), but `exceptId`. */
export function sendToApp<C extends EventChannel>(
  contents: AppContents[],
  channel: C,
  payload: EventContract[C],
  exceptId?: number,
): void {
  for (const each of contents) {
    if (each.id !== exceptId && isAppUrl(each.getURL())) each.send(channel, payload);
  }
}

/** Tells every other app window what the session became; never the sender, which would echo its own change back. */
export type VaultBroadcast = (session: StoredSessionPayload | null, senderId: number) => void;

export function createVaultBroadcast(listeners: () => AppContents[]): VaultBroadcast {
  return (session, senderId) => sendToApp(listeners(), EVENT_CHANNELS.vaultChanged, session, senderId);
}

export function vaultHandlers(vault: TokenVault, broadcast: VaultBroadcast): HandlerMap {
  return {
    [INVOKE_CHANNELS.vaultLoad]: { schema: null, handle: () => vault.load() },
    [INVOKE_CHANNELS.vaultSave]: {
      schema: storedSessionSchema,
      handle: (session, event) => {
        vault.save(session);
        broadcast(session, event.sender.id);
        return null;
      },
    },
    [INVOKE_CHANNELS.vaultStatus]: { schema: null, handle: () => ({ persistent: vault.isPersistent() }) },
    [INVOKE_CHANNELS.vaultClear]: {
      schema: null,
      handle: (_none, event) => {
        vault.clear();
        broadcast(null, event.sender.id);
        return null;
      },
    },
  };
}
