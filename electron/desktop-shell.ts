import path from 'node:path';
import type {
  App,
  BrowserWindow as ElectronWindow,
  BrowserWindowConstructorOptions,
  Dialog,
  Menu as ElectronMenu,
  NativeImage,
  Protocol,
  Session,
  Shell,
} from 'electron';
import type { Logger } from 'pino';
import { APP_SCHEME } from './app-origin';
import { createDesktopMain, type Confirm } from './desktop-main';
import { registerIpcHandlers, type IpcMainLike } from './ipc/ipc-handlers';
import type { NotificationFactory } from './notifications/notifier';
import { createAppProtocolHandler } from './protocol/app-protocol';
import { contentSecurityPolicy } from './protocol/content-security-policy';
import { startEmbeddedServer, type EmbeddedServer, type EmbeddedServerOptions } from './server/embedded-server';
import { readSettingsFile, resolveServerTarget, type ServerTarget } from './server/server-target';
import type { TrayOptions } from './tray/tray-menu';
import type { SafeStorageLike, VaultStorage } from './vault/token-vault';
import { isAllowedExternalUrl } from './window/external-links';
import { guardNavigation } from './window/navigation-guard';
import { permissionCheckHandler, permissionRequestHandler } from './window/permission-policy';
import { createMainWindow } from './window/window-factory';

/** The Electron APIs the shell uses, injected so that the start-up can run against fakes. */
export interface ShellElectron {
  app: Pick<App, 'whenReady' | 'on' | 'quit' | 'relaunch' | 'getPath' | 'getAppPath' | 'isPackaged'>;
  BrowserWindow: {
    new (options: BrowserWindowConstructorOptions): ElectronWindow;
    getAllWindows(): ElectronWindow[];
  };
  ipcMain: IpcMainLike;
  dialog: Pick<Dialog, 'showMessageBox'>;
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

  const settingsFile = path.join(userData, 'settings.json');
  const demoDataDir = path.join(userData, 'demo-server');
  const target = resolveServerTarget(options.env, readSettingsFile(settingsFile));
  const { apiOrigin, embedded } = await connect(target, {
    dataDir: demoDataDir,
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
  /** Shows the window, or opens a new one (then true). */
  const openWindow = (): boolean => {
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      return false;
    }
    const created = createMainWindow(
      BrowserWindow,
      {
        preloadPath: path.join(appPath, 'dist-electron', 'preload.cjs'),
        apiOrigin,
        icon: windowIcon,
        // A packaged console never opens DevTools: they would reach the session and every bridge call.
        devTools: !app.isPackaged,
      },
      (error) => logger.error({ err: error }, 'loading the console failed'),
    );
    created.on('closed', () => {
      if (window === created) window = null;
    });
    window = created;
    return true;
  };

  const confirm: Confirm = async ({ message, detail, confirmLabel }) => {
    const parent = window && !window.isDestroyed() ? window : undefined;
    const question = {
      type: 'question' as const,
      message,
      detail,
      buttons: [confirmLabel, 'Cancel'],
      defaultId: 1,
      cancelId: 1,
    };
    const { response } = await (parent
      ? electron.dialog.showMessageBox(parent, question)
      : electron.dialog.showMessageBox(question));
    return response === 0;
  };
  const stopDemoServer = embedded ? once(() => embedded.close()) : async () => undefined;

  const desktop = createDesktopMain({
    userData,
    platform: options.platform,
    safeStorage: electron.safeStorage,
    vaultStorage: options.vaultStorage,
    Notification: electron.Notification,
    notificationIcon: windowIcon,
    tray: {
      Tray: electron.Tray,
      Menu: electron.Menu,
      icon: electron.nativeImage.createFromPath(path.join(iconsDir, 'tray-icon.png')),
    },
    windows: () => BrowserWindow.getAllWindows().map((each) => each.webContents),
    openWindow,
    quit: () => app.quit(),
    confirm,
    server: {
      settingsFile,
      demoDataDir,
      running: { mode: target.kind === 'remote' ? 'remote' : 'embedded', apiOrigin },
      fixedByEnvironment: Boolean(options.env.PARLEY_SERVER_URL?.trim()),
      stopDemoServer,
      // After the answer has reached the renderer: the new server's origin is fixed at start (CSP, the preload).
      restart: () =>
        setImmediate(() => {
          app.relaunch();
          app.quit();
        }),
    },
    log: logger,
  });
  registerIpcHandlers(electron.ipcMain, desktop.handlers, {
    onUnexpectedError: (channel, error) => logger.error({ channel, err: error }, 'IPC handler failed'),
  });
  if (!desktop.vault.isPersistent()) {
    logger.warn('no system encryption: the session is kept in memory only and ends when the console closes');
  }

  // The quit handler also keeps a reference: a garbage-collected Tray takes its icon away.
  app.on('quit', () => desktop.tray.destroy());

  // The single-instance lock (main.ts) sends a second launch here.
  app.on('second-instance', () => void openWindow());
  app.on('activate', () => void openWindow());
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit();
  });
  if (embedded) stopBeforeQuit(app, stopDemoServer, logger);

  void openWindow();
}

/** A task that runs once; later calls share its promise (the demo server closes on reset and again at quit). */
function once(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => (running ??= task());
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
function stopBeforeQuit(app: ShellElectron['app'], closeServer: () => Promise<void>, logger: Logger): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    closeServer()
      .catch((error: unknown) => logger.error({ err: error }, 'closing the embedded server failed'))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
}
