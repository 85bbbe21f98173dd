import type { ConnectionState } from '@shared/schemas/desktop-ipc.schema';

/** The tray's connection state from the connection checks of spec 000 §4. */
export function trayConnection(state: {
  online: boolean;
  serverReachable: boolean;
  checking: boolean;
}): ConnectionState {
  if (!state.online) return 'offline';
  if (state.checking) return 'connecting';
  return state.serverReachable ? 'online' : 'offline';
}
