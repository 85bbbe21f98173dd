import type { DesktopBridge } from '@shared/api/desktop-bridge';
import { isInAppPath } from '@shared/domain/server-address';
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

  /** Subscribes to a main-process event; the IPC event stays here, since its `sender` is a way back into IPC. */
  function subscribe<C extends EventChannel>(
    channel: C,
    listener: (payload: EventContract[C]) => void,
    accept: (payload: unknown) => boolean = () => true,
  ): () => void {
    const forward: EventListener = (_event, payload) => {
      if (accept(payload)) listener(payload as EventContract[C]);
    };
    ipc.on(channel, forward);
    return () => {
      ipc.removeListener(channel, forward);
    };
  }

  const apiOrigin = apiOriginFrom(argv);
  return {
    ...(apiOrigin ? { apiOrigin } : {}),
    notify: (notification) => request(INVOKE_CHANNELS.notificationsShow, notification),
    onNavigate(listener) {
      const isRoute = (route: unknown): route is string => typeof route === 'string' && isInAppPath(route);
      const unsubscribe = subscribe(EVENT_CHANNELS.appNavigate, listener, isRoute);
      // A notification click that had to open this window left its route with the main process.
      request(INVOKE_CHANNELS.appTakePendingRoute).then(
        (route) => {
          if (isRoute(route)) listener(route);
        },
        () => undefined,
      );
      return unsubscribe;
    },
    notificationSettings: {
      load: (owner) => request(INVOKE_CHANNELS.notificationsLoadSettings, owner),
      save: async (owner, settings) => {
        await request(INVOKE_CHANNELS.notificationsSaveSettings, { owner, settings });
      },
    },
    tray: {
      report: async (status) => {
        await request(INVOKE_CHANNELS.trayReport, status);
      },
      onPauseAllCampaigns: (listener) => subscribe(EVENT_CHANNELS.campaignsPauseAll, () => listener()),
    },
    settings: {
      load: () => request(INVOKE_CHANNELS.settingsLoad),
      switchServer: async (choice) => {
        await request(INVOKE_CHANNELS.settingsSwitchServer, choice);
      },
      resetDemoData: async () => {
        await request(INVOKE_CHANNELS.settingsResetDemo);
      },
    },
    contactDrafts: {
      list: (owner) => request(INVOKE_CHANNELS.draftsList, owner),
      load: (owner, campaignId) => request(INVOKE_CHANNELS.draftsLoad, { owner, campaignId }),
      save: async (draft) => {
        await request(INVOKE_CHANNELS.draftsSave, draft);
      },
      remove: async (owner, campaignId) => {
        await request(INVOKE_CHANNELS.draftsRemove, { owner, campaignId });
      },
    },
    sessionVault: {
      load: () => request(INVOKE_CHANNELS.vaultLoad),
      save: async (session) => {
        await request(INVOKE_CHANNELS.vaultSave, session);
      },
      clear: async () => {
        await request(INVOKE_CHANNELS.vaultClear);
      },
      onChange: (listener) => subscribe(EVENT_CHANNELS.vaultChanged, listener),
      isPersistent: async () => (await request(INVOKE_CHANNELS.vaultStatus)).persistent,
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
