import path from 'node:path';
import { draftHandlers } from './drafts/drafts.ipc';
import { createDraftStore } from './drafts/draft-store';
import { EVENT_CHANNELS, INVOKE_CHANNELS, type EventChannel, type EventContract } from './ipc/ipc-channels';
import type { HandlerMap } from './ipc/ipc-handlers';
import { createNotificationSettingsStore } from './notifications/notification-settings-store';
import { notificationHandlers } from './notifications/notifications.ipc';
import { createNotifier, type NotificationFactory } from './notifications/notifier';
import { createDesktopSettings, desktopSettingsHandlers, type DesktopSettingsOptions } from './server/desktop-settings';
import { createTray, type TrayController, type TrayOptions } from './tray/tray-menu';
import { trayHandlers } from './tray/tray.ipc';
import { createTokenVault, type SafeStorageLike, type TokenVault, type VaultStorage } from './vault/token-vault';
import { createVaultBroadcast, sendToApp, vaultHandlers, type AppContents } from './vault/vault.ipc';

/** Asks the user a yes-or-no question in a native dialog; true for yes. */
export type Confirm = (question: { message: string; detail: string; confirmLabel: string }) => Promise<boolean>;

/** What the main process's bridge services need from Electron and the shell, injected so they run without Electron. */
export interface DesktopMainOptions {
  userData: string;
  platform: NodeJS.Platform;
  safeStorage: SafeStorageLike;
  vaultStorage: VaultStorage;
  Notification: NotificationFactory;
  notificationIcon?: string;
  tray: Pick<TrayOptions<unknown>, 'Tray' | 'Menu' | 'icon'>;
  /** The web contents of the app's windows, for events to the renderer. */
  windows(): AppContents[];
  /** Shows the console's window: focused, restored, or opened again; true when a new window had to be opened. */
  openWindow(): boolean;
  quit(): void;
  confirm: Confirm;
  server: Omit<DesktopSettingsOptions, 'signOut'>;
  log: {
    warn(context: Record<string, unknown>, message: string): void;
  };
}

/** The main process's side of the bridge: the vault, drafts, notifications, the tray and the settings. */
export interface DesktopMain {
  handlers: HandlerMap;
  vault: TokenVault;
  tray: TrayController;
}

/** Builds every bridge service and its IPC handlers; the shell registers them, the browser tests' harness too. */
export function createDesktopMain(options: DesktopMainOptions): DesktopMain {
  const { log } = options;
  const usersRoot = path.join(options.userData, 'users');
  const send = <C extends EventChannel>(channel: C, payload: EventContract[C]) =>
    sendToApp(options.windows(), channel, payload);

  const vault = createTokenVault({
    safeStorage: options.safeStorage,
    storage: options.vaultStorage,
    platform: options.platform,
    onDiscarded: (reason) => log.warn({ reason }, 'stored session could not be read and was dropped'),
  });
  const broadcast = createVaultBroadcast(options.windows);
  let pendingRoute: string | null = null;

  const notifier = createNotifier({
    Notification: options.Notification,
    ...(options.notificationIcon ? { icon: options.notificationIcon } : {}),
    onClick: (route) => {
      // A new window's renderer is not listening yet: it takes the route when it subscribes.
      if (options.openWindow()) pendingRoute = route;
      else send(EVENT_CHANNELS.appNavigate, route);
    },
  });
  const notificationSettings = createNotificationSettingsStore({
    root: usersRoot,
    onUnreadable: (file, reason) => log.warn({ file, reason }, 'notification settings unreadable; defaults apply'),
  });
  const drafts = createDraftStore({
    root: usersRoot,
    onCorrupt: (file, keptAs, reason) =>
      log.warn({ file, keptAs, reason }, 'a contact draft was unreadable and kept aside'),
  });

  const tray = createTray({
    ...options.tray,
    onOpen: () => void options.openWindow(),
    onQuit: options.quit,
    onPauseAll: () => {
      void options
        .confirm({
          message: 'Pause all your campaigns?',
          detail: 'No campaign will place another call until it is resumed.',
          confirmLabel: 'Pause all',
        })
        .then((confirmed) => {
          if (!confirmed) return;
          // Sent to the open window only: pausing needs a signed-in renderer that is already running.
          options.openWindow();
          send(EVENT_CHANNELS.campaignsPauseAll, null);
        });
    },
  });

  const settings = createDesktopSettings({
    ...options.server,
    signOut: () => {
      vault.clear();
      broadcast(null, -1);
    },
  });

  return {
    vault,
    tray,
    handlers: {
      ...vaultHandlers(vault, broadcast),
      ...notificationHandlers(notifier, notificationSettings),
      ...draftHandlers(drafts),
      ...trayHandlers(tray),
      ...desktopSettingsHandlers(settings),
      [INVOKE_CHANNELS.appTakePendingRoute]: {
        schema: null,
        handle: () => {
          const route = pendingRoute;
          pendingRoute = null;
          return route;
        },
      },
    },
  };
}
