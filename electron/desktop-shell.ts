import path from 'node:path';
import type {
  App,
  BrowserWindow as ElectronWindow,
  BrowserWindowConstructorOptions,
  Menu as ElectronMenu,
  NativeImage,
  Protocol,
  Session,
  Shell,
} from 'electron';
import type { Logger } from 'pino';
import { APP_SCHEME } from './app-origin';
import { registerIpcHandlers, type IpcMainLike } from './ipc/ipc-handlers';
import { notificationHandlers } from './notifications/notifications.ipc';
import { createNotifier, type NotificationFactory } from './notifications/notifier';
import { createAppProtocolHandler } from './protocol/app-protocol';
import { contentSecurityPolicy } from './protocol/content-security-policy';
import { startEmbeddedServer, type EmbeddedServer, type EmbeddedServerOptions } from './server/embedded-server';
import { readSettingsFile, resolveServerTarget, type ServerTarget } from './server/server-target';
import { createTray, type TrayOptions } from './tray/tray-menu';
import { createTokenVault, type SafeStorageLike, type VaultStorage } from './vault/token-vault';
import { createVaultBroadcast, vaultHandlers } from './vault/vault.ipc';
import { isAllowedExternalUrl } from './window/external-links';
import { guardNavigation } from './window/navigation-guard';
import { permissionCheckHandler, permissionRequestHandler } from './window/permission-policy';
import { createMainWindow } from './window/window-factory';

/** The Electron APIs the shell uses, injected so that the start-up can run against fakes. */
export interface ShellElectron {
  app: Pick<App, 'whenReady' | 'on' | 'quit' | 'getPath' | 'getAppPath' | 'isPackaged'>;
  BrowserWindow: {
    new (options: BrowserWindowConstructorOptions): ElectronWindow;
    getAllWindows(): ElectronWindow[];
  };
  ipcMain: IpcMainLike;
  protocol: Pick<Protocol, 'handle'>;
  session: { defaultSession: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> };
  safeStorage: SafeStorageLike;
  shell: Pick<Shell, 'openExternal'>;
  Tray: TrayOptions<ElectronMenu>['Tray'];
  Menu: TrayOptions<ElectronMenu>['Menu'];
  Notification: NotificationFactory;
  nativeImage: { createFromPath(path: string): NativeImage };
}

export interface DesktopShellOptions {
  electron: ShellElectron;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** process.resourcesPath: where the packaged app keeps its icons. */
  resourcesPath: string;
  vaultStorage: VaultStorage;
  logger: Logger;
}

/**
 * The desktop console's start-up: choose the server (remote, or the embedded demo), serve the renderer on
 * app://parley, lock down every page, open the vault and the bridge, then the window and the tray.
 */
export async function startDesktopShell(options: DesktopShellOptions): Promise<void> {
  const { electron, logger } = options;
  const { app, BrowserWindow } = electron;

  const openExternal = (url: string) => {
    electron.shell.openExternal(url).catch((error: unknown) => logger.warn({ err: error }, 'opening a link failed'));
  };
  app.on('web-contents-created', (_event, contents) =>
    guardNavigation(contents, { isAllowedExternalUrl, openExternal }),
  );

  await app.whenReady();
  const appPath = app.getAppPath();
  const userData = app.getPath('userData');
  const rendererDir = path.join(appPath, 'dist', 'renderer');
  const iconsDir = app.isPackaged
    ? path.join(options.resourcesPath, 'icons')
    : path.join(appPath, 'build', 'resources');
  const windowIcon = path.join(iconsDir, 'window-icon.png');

  const target = resolveServerTarget(options.env, readSettingsFile(path.join(userData, 'settings.json')));
  const { apiOrigin, embedded } = await connect(target, {
    dataDir: path.join(userData, 'demo-server'),
    rendererDir,
    logger: logger.child({ component: 'server' }),
  });
  logger.info({ server: target.kind, apiOrigin }, 'desktop shell starting');

  electron.protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({ rendererDir, contentSecurityPolicy: contentSecurityPolicy(apiOrigin) }),
  );
  const permissions = { isAllowedExternalUrl };
  electron.session.defaultSession.setPermissionRequestHandler(permissionRequestHandler(permissions));
  electron.session.defaultSession.setPermissionCheckHandler(permissionCheckHandler(permissions));

  let window: ElectronWindow | null = null;
  const openWindow = () => {
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      return;
    }
    const created = createMainWindow(
      BrowserWindow,
      {
        preloadPath: path.join(appPath, 'dist-electron', 'preload.cjs'),
        apiOrigin,
        icon: windowIcon,
        devTools: !app.isPackaged,
      },
      (error) => logger.error({ err: error }, 'loading the console failed'),
    );
    created.on('closed', () => {
      if (window === created) window = null;
    });
    window = created;
  };

  const vault = createTokenVault({
    safeStorage: electron.safeStorage,
    storage: options.vaultStorage,
    platform: options.platform,
    onDiscarded: (reason) => logger.warn({ reason }, 'stored session could not be read and was dropped'),
  });
  const broadcast = createVaultBroadcast(() => BrowserWindow.getAllWindows().map((each) => each.webContents));
  const notifier = createNotifier({ Notification: electron.Notification, icon: windowIcon, onClick: openWindow });
  registerIpcHandlers(
    electron.ipcMain,
    { ...vaultHandlers(vault, broadcast), ...notificationHandlers(notifier) },
    { onUnexpectedError: (channel, error) => logger.error({ channel, err: error }, 'IPC handler failed') },
  );

  const tray = createTray({
    Tray: electron.Tray,
    Menu: electron.Menu,
    icon: electron.nativeImage.createFromPath(path.join(iconsDir, 'tray-icon.png')),
    onOpen: openWindow,
    onQuit: () => app.quit(),
  });
  // The quit handler also keeps a reference: a garbage-collected Tray takes its icon away.
  app.on('quit', () => tray.destroy());

  app.on('second-instance', openWindow);
  app.on('activate', openWindow);
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit();
  });
  if (embedded) stopBeforeQuit(app, embedded, logger);

  openWindow();
}

async function connect(
  target: ServerTarget,
  embeddedOptions: EmbeddedServerOptions,
): Promise<{ apiOrigin: string; embedded: EmbeddedServer | null }> {
  if (target.kind === 'remote') return { apiOrigin: target.origin, embedded: null };
  const embedded = await startEmbeddedServer(embeddedOptions);
  return { apiOrigin: embedded.origin, embedded };
}

/** Electron does not wait for promises at quit, so the first quit is held until the server has closed its database. */
function stopBeforeQuit(app: ShellElectron['app'], server: EmbeddedServer, logger: Logger): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    server
      .close()
      .catch((error: unknown) => logger.error({ err: error }, 'closing the embedded server failed'))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
}
