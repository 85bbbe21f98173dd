import type { DesktopBridge } from '@shared/api/desktop-bridge';
import {
  API_ORIGIN_SWITCH,
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type EventChannel,
  type EventContract,
  type InvokeChannel,
  type InvokeContract,
  type IpcResult,
} from '../ipc/ipc-channels';

type EventListener = (event: unknown, payload: EventContract[EventChannel]) => void;

/** The parts of `ipcRenderer` the bridge uses; the page never sees it. */
export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: EventChannel, listener: EventListener): unknown;
  removeListener(channel: EventChannel, listener: EventListener): unknown;
}

export interface ContextBridgeLike {
  exposeInMainWorld(apiKey: string, api: unknown): void;
}

/** The renderer's contract (renderer/src/platform/desktopBridge.ts), backed by the main process over IPC. */
export function createDesktopBridge(ipc: BridgeIpc, argv: readonly string[]): DesktopBridge {
  async function request<C extends InvokeChannel>(
    channel: C,
    ...args: InvokeContract[C]['argument'] extends undefined ? [] : [InvokeContract[C]['argument']]
  ): Promise<InvokeContract[C]['answer']> {
    const result = (await ipc.invoke(channel, ...args)) as IpcResult<InvokeContract[C]['answer']>;
    if (result.ok) return result.value;
    // contextBridge copies only an Error's message, so the code leads it.
    throw new Error(`${result.error.code}: ${result.error.message}`);
  }

  const apiOrigin = apiOriginFrom(argv);
  return {
    ...(apiOrigin ? { apiOrigin } : {}),
    sessionVault: {
      load: () => request(INVOKE_CHANNELS.vaultLoad),
      save: async (session) => {
        await request(INVOKE_CHANNELS.vaultSave, session);
      },
      clear: async () => {
        await request(INVOKE_CHANNELS.vaultClear);
      },
      onChange(listener) {
        // The IPC event stays here: handing it to the page would hand over `sender`, a way back into IPC.
        const forward: EventListener = (_event, session) => listener(session);
        ipc.on(EVENT_CHANNELS.vaultChanged, forward);
        return () => {
          ipc.removeListener(EVENT_CHANNELS.vaultChanged, forward);
        };
      },
    },
  };
}

export function exposeDesktopBridge(contextBridge: ContextBridgeLike, ipc: BridgeIpc, argv: readonly string[]): void {
  contextBridge.exposeInMainWorld('parley', createDesktopBridge(ipc, argv));
}

function apiOriginFrom(argv: readonly string[]): string | undefined {
  const raw = argv.find((arg) => arg.startsWith(API_ORIGIN_SWITCH))?.slice(API_ORIGIN_SWITCH.length);
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === raw ? raw : undefined;
  } catch {
    return undefined;
  }
}
