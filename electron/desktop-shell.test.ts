import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { createLogger } from '../server/src/logger';
import { startDesktopShell, type ShellElectron } from './desktop-shell';
import { fakeIpcMain, fakeSafeStorage, frameEvent, memoryStorage, SAMPLE_SESSION } from './testing/electron-fakes';

/** The whole start-up against fakes of Electron: what gets registered, created and locked down. */
function fakeElectron(appDir: string, userData: string) {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    whenReady: () => Promise.resolve(),
    getAppPath: () => appDir,
    getPath: (name: string) => (name === 'userData' ? userData : os.tmpdir()),
    quit: vi.fn(),
  });

  class FakeWindow extends EventEmitter {
    static all: FakeWindow[] = [];
    static getAllWindows = () => FakeWindow.all;
    readonly webContents = { id: FakeWindow.all.length + 1, getURL: () => 'app://parley/', send: vi.fn() };
    readonly loadURL = vi.fn(async () => undefined);
    readonly show = vi.fn();
    readonly focus = vi.fn();
    readonly restore = vi.fn();
    isDestroyed = () => false;
    isMinimized = () => false;
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      FakeWindow.all.push(this);
    }
  }

  const trays: FakeTray[] = [];
  class FakeTray {
    menu: Array<{ label?: string; click?: () => void }> = [];
    constructor(readonly image: unknown) {
      trays.push(this);
    }
    setToolTip() {}
    setContextMenu(menu: Array<{ label?: string; click?: () => void }>) {
      this.menu = menu;
    }
    on() {}
    destroyed = false;
    destroy() {
      this.destroyed = true;
    }
  }
  class FakeNotification {
    static isSupported = () => true;
    on() {}
    show() {}
  }

  const handlers: Array<(request: Request) => Promise<Response>> = [];
  const electron = {
    app,
    BrowserWindow: FakeWindow,
    ipcMain: fakeIpcMain(),
    protocol: {
      handle: vi.fn((_scheme: string, handler: (request: Request) => Promise<Response>) => handlers.push(handler)),
    },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    safeStorage: fakeSafeStorage(),
    shell: { openExternal: vi.fn(async () => undefined) },
    Tray: FakeTray,
    Menu: { buildFromTemplate: (template: unknown) => template },
    Notification: FakeNotification,
    nativeImage: { createFromPath: (file: string) => file },
  };
  return { electron, app, FakeWindow, trays, handlers };
}

describe('desktop shell', () => {
  let appDir: string;
  let userData: string;
  const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });

  beforeEach(() => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-app-'));
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-user-data-'));
    fs.mkdirSync(path.join(appDir, 'dist', 'renderer'), { recursive: true });
    fs.writeFileSync(path.join(appDir, 'dist', 'renderer', 'index.html'), '<!doctype html><title>Parley</title>');
  });
  afterEach(() => {
    fs.rmSync(appDir, { recursive: true, force: true });
    fs.rmSync(userData, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    const fakes = fakeElectron(appDir, userData);
    await startDesktopShell({
      electron: fakes.electron as unknown as ShellElectron,
      env,
      platform: 'linux',
      resourcesPath: '/opt/Parley/resources',
      vaultStorage: memoryStorage(),
      logger,
    });
    return fakes;
  }

  it('against a remote server: serves the renderer, opens one hardened window, the bridge and the tray', async () => {
    const { electron, app, FakeWindow, trays, handlers } = await start({
      PARLEY_SERVER_URL: 'https://parley.example.com',
    });

    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const page = await handlers[0]!(new Request('app://parley/'));
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' https://parley.example.com");

    expect(FakeWindow.all).toHaveLength(1);
    const { webPreferences } = FakeWindow.all[0]!.options;
    expect(webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(webPreferences?.preload).toBe(path.join(appDir, 'dist-electron', 'preload.cjs'));
    expect(webPreferences?.additionalArguments).toEqual(['--parley-api-origin=https://parley.example.com']);
    expect(FakeWindow.all[0]!.loadURL).toHaveBeenCalledWith('app://parley/');

    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([
      'notifications:show',
      'vault:clear',
      'vault:load',
      'vault:save',
    ]);
    await expect(electron.ipcMain.invoke('vault:save', frameEvent(), SAMPLE_SESSION)).resolves.toMatchObject({
      ok: true,
    });
    expect(electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();

    expect(trays[0]?.menu.filter((item) => item.label).map((item) => item.label)).toEqual(['Open Parley', 'Quit']);
    trays[0]?.menu.find((item) => item.label === 'Open Parley')?.click?.();
    expect(FakeWindow.all).toHaveLength(1);
    expect(FakeWindow.all[0]!.focus).toHaveBeenCalled();

    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalled();
    app.emit('quit');
    expect(trays[0]?.destroyed).toBe(true);
  });

  it('locks down every web contents as it is created', async () => {
    const { app, electron } = await start({ PARLEY_SERVER_URL: 'https://parley.example.com' });
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    app.emit('web-contents-created', {}, contents);
    const preventDefault = vi.fn();
    contents.emit('will-navigate', { preventDefault }, 'https://evil.test/');
    expect(preventDefault).toHaveBeenCalled();
    const openHandler = contents.setWindowOpenHandler.mock.calls[0]?.[0] as (details: { url: string }) => unknown;
    expect(openHandler({ url: 'https://evil.test/' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('stops on a bad settings file instead of falling back to the demo', async () => {
    fs.writeFileSync(path.join(userData, 'settings.json'), JSON.stringify({ serverUrl: 'http://parley.example.com' }));
    await expect(start({})).rejects.toThrow(/https/);
  });

  it('without a server: starts the embedded demo and closes it before quitting', async () => {
    const { app, FakeWindow } = await start({});
    const [, origin] = (FakeWindow.all[0]!.options.webPreferences?.additionalArguments?.[0] ?? '').split('=');
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${origin}${apiRoutes.health()}`)).status).toBe(200);
    expect(fs.existsSync(path.join(userData, 'demo-server', 'parley.sqlite'))).toBe(true);

    const preventDefault = vi.fn();
    app.emit('will-quit', { preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 10_000 });
    await expect(fetch(`${origin}${apiRoutes.health()}`)).rejects.toThrow();
    const again = vi.fn();
    app.emit('will-quit', { preventDefault: again });
    expect(again).not.toHaveBeenCalled();
  });
});
