/**
 * Runs in the page before the app: `window.parley` built by the real preload's createDesktopBridge, whose IPC
 * crosses to the test process (an exposed binding) and on to the main-process harness.
 */
import { createDesktopBridge, type BridgeIpc } from '../../../electron/preload/desktop-bridge';

type Listener = Parameters<BridgeIpc['on']>[1];

declare global {
  interface Window {
    __parleyIpcInvoke(channel: string, args: unknown[]): Promise<unknown>;
    __parleyIpcEmit(channel: string, payload: unknown): void;
    __parleyApiOrigin: string;
  }
}

const listeners = new Map<string, Set<Listener>>();
const ipc: BridgeIpc = {
  invoke: (channel, ...args) => window.__parleyIpcInvoke(channel, args),
  on(channel, listener) {
    const set = listeners.get(channel) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(channel, set);
  },
  removeListener(channel, listener) {
    listeners.get(channel)?.delete(listener);
  },
};
window.__parleyIpcEmit = (channel, payload) => {
  for (const listener of listeners.get(channel) ?? []) listener({}, payload as never);
};
window.parley = createDesktopBridge(ipc, [`--parley-api-origin=${window.__parleyApiOrigin}`]);
