import { storedSessionSchema, type StoredSessionPayload } from '@shared/schemas/desktop-ipc.schema';
import { isAppUrl } from '../app-origin';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../ipc/ipc-channels';
import type { HandlerMap } from '../ipc/ipc-handlers';
import type { TokenVault } from './token-vault';

/** The parts of a window's `webContents` that a vault change is sent to. */
export interface VaultListener {
  id: number;
  getURL(): string;
  send(channel: string, payload: StoredSessionPayload | null): void;
}

/** Tells every other app window what the session became; never the sender, which would echo its own change back. */
export type VaultBroadcast = (session: StoredSessionPayload | null, senderId: number) => void;

export function createVaultBroadcast(listeners: () => VaultListener[]): VaultBroadcast {
  return (session, senderId) => {
    for (const contents of listeners()) {
      if (contents.id !== senderId && isAppUrl(contents.getURL())) contents.send(EVENT_CHANNELS.vaultChanged, session);
    }
  };
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
