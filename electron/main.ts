import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
  Tray,
} from 'electron';
import Store from 'electron-store';
import pino from 'pino';
import { createLogger } from '../server/src/logger';
import { startDesktopShell } from './desktop-shell';
import { APP_SCHEME_PRIVILEGES } from './protocol/app-protocol';

// The one file that touches the real `electron` module; everything it calls takes Electron as parameters.
app.setName('Parley');
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const logger = createLogger(
    { logLevel: 'info', nodeEnv: 'production' },
    pino.destination({ dest: path.join(app.getPath('userData'), 'logs', 'parley.log'), mkdir: true, sync: true }),
  );
  const store = new Store<Record<string, string>>({ name: 'vault', clearInvalidConfig: true });

  startDesktopShell({
    electron: {
      app,
      BrowserWindow,
      ipcMain,
      dialog,
      protocol,
      session,
      safeStorage,
      shell,
      Tray,
      Menu,
      Notification,
      nativeImage,
    },
    env: process.env,
    platform: process.platform,
    resourcesPath: process.resourcesPath,
    vaultStorage: {
      get: (key) => store.get(key),
      set: (key, value) => store.set(key, value),
      delete: (key) => store.delete(key),
    },
    logger,
  }).catch((error: unknown) => {
    logger.fatal({ err: error }, 'desktop shell failed to start');
    dialog.showErrorBox('Parley could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}
