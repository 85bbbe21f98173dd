import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_START_URL } from '../app-origin';
import { API_ORIGIN_SWITCH } from '../ipc/ipc-channels';

export interface MainWindowConfig {
  preloadPath: string;
  /** The API the renderer talks to, handed to the preload on its command line. */
  apiOrigin: string;
  icon?: string;
  devTools: boolean;
}

/** The parts of a `BrowserWindow` the factory touches. */
export interface WindowLike {
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
}

/**
 * The renderer gets no Node, no Electron and no privileged origin: an isolated, sandboxed page that reaches the main
 * process only through the preload's bridge.
 */
export function mainWindowOptions(config: MainWindowConfig): BrowserWindowConstructorOptions {
  return {
    title: 'Parley',
    width: 1280,
    height: 840,
    minWidth: 960,
    minHeight: 640,
    show: false,
    autoHideMenuBar: true,
    ...(config.icon ? { icon: config.icon } : {}),
    webPreferences: {
      preload: config.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: config.devTools,
      additionalArguments: [`${API_ORIGIN_SWITCH}${config.apiOrigin}`],
    },
  };
}

export function createMainWindow<W extends WindowLike>(
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W,
  config: MainWindowConfig,
  onLoadError: (error: unknown) => void,
): W {
  const window = new BrowserWindow(mainWindowOptions(config));
  window.once('ready-to-show', () => window.show());
  window.loadURL(APP_START_URL).catch(onLoadError);
  return window;
}
