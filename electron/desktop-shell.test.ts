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
    relaunch: vi.fn(),
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
  const notifications: FakeNotification[] = [];
  class FakeNotification {
    static isSupported = () => true;
    readonly listeners = new Map<string, () => void>();
    constructor(readonly options: { title: string; body: string }) {}
    on(event: string, listener: () => void) {
      this.listeners.set(event, listener);
    }
    show() {
      notifications.push(this);
    }
  }
  const dialog = { showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })) };

  const handlers: Array<(request: Request) => Promise<Response>> = [];
  const electron = {
    app,
    BrowserWindow: FakeWindow,
    ipcMain: fakeIpcMain(),
    dialog,
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
  return { electron, app, FakeWindow, trays, handlers, notifications, dialog };
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
    const vaultStorage = memoryStorage();
    await startDesktopShell({
      electron: fakes.electron as unknown as ShellElectron,
      env,
      platform: 'linux',
      resourcesPath: '/opt/Parley/resources',
      vaultStorage,
      logger,
    });
    return { ...fakes, vaultStorage };
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
      'app:take-pending-route',
      'drafts:list',
      'drafts:load',
      'drafts:remove',
      'drafts:save',
      'notifications:load-settings',
      'notifications:save-settings',
      'notifications:show',
      'settings:load',
      'settings:reset-demo',
      'settings:switch-server',
      'tray:report',
      'vault:clear',
      'vault:load',
      'vault:save',
      'vault:status',
    ]);
    await expect(electron.ipcMain.invoke('vault:save', frameEvent(), SAMPLE_SESSION)).resolves.toMatchObject({
      ok: true,
    });
    expect(electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();

    expect(trays[0]?.menu.filter((item) => item.label).map((item) => item.label)).toEqual([
      'Connecting… · 0 active campaigns',
      'Open Parley',
      'Pause all my campaigns',
      'Quit',
    ]);
    trays[0]?.menu.find((item) => item.label === 'Open Parley')?.click?.();
    expect(FakeWindow.all).toHaveLength(1);
    expect(FakeWindow.all[0]!.focus).toHaveBeenCalled();

    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalled();
    app.emit('quit');
    expect(trays[0]?.destroyed).toBe(true);
  });

  it('focuses the first window on a second launch, and never opens DevTools once packaged', async () => {
    const { app, FakeWindow } = await start({ PARLEY_SERVER_URL: 'https://parley.example.com' });
    expect(FakeWindow.all[0]!.options.webPreferences?.devTools).toBe(true);
    app.emit('second-instance');
    expect(FakeWindow.all).toHaveLength(1);
    expect(FakeWindow.all[0]!.focus).toHaveBeenCalled();

    FakeWindow.all = [];
    const packaged = fakeElectron(appDir, userData);
    packaged.app.isPackaged = true;
    await startDesktopShell({
      electron: packaged.electron as unknown as ShellElectron,
      env: { PARLEY_SERVER_URL: 'https://parley.example.com' },
      platform: 'linux',
      resourcesPath: '/opt/Parley/resources',
      vaultStorage: memoryStorage(),
      logger,
    });
    expect(packaged.FakeWindow.all.at(-1)?.options.webPreferences?.devTools).toBe(false);
  });

  it('a notification click focuses the window and tells the renderer where to go', async () => {
    const { electron, FakeWindow, notifications } = await start({ PARLEY_SERVER_URL: 'https://parley.example.com' });
    const request = {
      owner: { userId: 'u-1', tenantId: 't-1' },
      kind: 'call.finished',
      title: 'Call finished',
      body: 'A call just ended; its details are ready.',
      route: '/calls/c-1',
    };
    await expect(electron.ipcMain.invoke('notifications:show', frameEvent(), request)).resolves.toEqual({
      ok: true,
      value: { shown: true },
    });
    notifications[0]?.listeners.get('click')?.();
    const window = FakeWindow.all[0]!;
    expect(window.focus).toHaveBeenCalled();
    expect(window.webContents.send).toHaveBeenCalledWith('app:navigate', '/calls/c-1');
    await expect(electron.ipcMain.invoke('app:take-pending-route', frameEvent())).resolves.toEqual({
      ok: true,
      value: null,
    });

    // The window was closed (macOS keeps the app running): a new one opens and takes the route when it subscribes.
    window.isDestroyed = () => true;
    window.emit('closed');
    await electron.ipcMain.invoke('notifications:show', frameEvent(), { ...request, route: '/campaigns/k-1' });
    notifications[1]?.listeners.get('click')?.();
    expect(FakeWindow.all).toHaveLength(2);
    expect(FakeWindow.all[1]!.webContents.send).not.toHaveBeenCalled();
    await expect(electron.ipcMain.invoke('app:take-pending-route', frameEvent())).resolves.toEqual({
      ok: true,
      value: '/campaigns/k-1',
    });
    await expect(electron.ipcMain.invoke('app:take-pending-route', frameEvent())).resolves.toEqual({
      ok: true,
      value: null,
    });
  });

  it('asks before pausing all campaigns, and only then asks the renderer to pause them', async () => {
    const { electron, FakeWindow, trays, dialog } = await start({ PARLEY_SERVER_URL: 'https://parley.example.com' });
    await electron.ipcMain.invoke('tray:report', frameEvent(), { connection: 'online', activeCampaigns: 2 });
    const pauseAll = () => trays[0]?.menu.find((item) => item.label === 'Pause all my campaigns')?.click?.();
    const send = FakeWindow.all[0]!.webContents.send;

    dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    pauseAll();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledTimes(1));
    // Let the declined answer run its course (a resolved promise's callbacks run before the next macrotask).
    await new Promise((resolve) => setImmediate(resolve));
    expect(send).not.toHaveBeenCalledWith('campaigns:pause-all', null);

    pauseAll();
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('campaigns:pause-all', null));
    expect(dialog.showMessageBox).toHaveBeenLastCalledWith(
      FakeWindow.all[0],
      expect.objectContaining({ message: 'Pause all your campaigns?', buttons: ['Pause all', 'Cancel'], cancelId: 1 }),
    );
  });

  it('switching servers saves the choice, clears the vault, tells the windows and restarts', async () => {
    const { electron, app, FakeWindow, vaultStorage } = await start({});
    await electron.ipcMain.invoke('vault:save', frameEvent('app://parley/', { senderId: 99 }), SAMPLE_SESSION);
    expect(vaultStorage.data.size).toBe(1);
    await expect(electron.ipcMain.invoke('settings:load', frameEvent())).resolves.toMatchObject({
      ok: true,
      value: { choice: { mode: 'embedded' }, running: { mode: 'embedded' }, fixedByEnvironment: false },
    });

    await expect(
      electron.ipcMain.invoke('settings:switch-server', frameEvent(), {
        mode: 'remote',
        serverUrl: 'http://evil.test',
      }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'IPC_INVALID_ARGUMENT' } });
    expect(vaultStorage.data.size).toBe(1);

    await expect(
      electron.ipcMain.invoke('settings:switch-server', frameEvent(), {
        mode: 'remote',
        serverUrl: 'https://parley.example.com/login',
      }),
    ).resolves.toEqual({ ok: true, value: null });
    expect(JSON.parse(fs.readFileSync(path.join(userData, 'settings.json'), 'utf8'))).toEqual({
      serverUrl: 'https://parley.example.com',
    });
    expect(vaultStorage.data.size).toBe(0);
    expect(FakeWindow.all[0]!.webContents.send).toHaveBeenCalledWith('vault:changed', null);
    await vi.waitFor(() => expect(app.relaunch).toHaveBeenCalledOnce());
    expect(app.quit).toHaveBeenCalled();
    app.emit('will-quit', { preventDefault: vi.fn() });
  });

  it('refuses to switch when PARLEY_SERVER_URL decides, and to reset a demo that is not running', async () => {
    const { electron, vaultStorage } = await start({ PARLEY_SERVER_URL: 'https://parley.example.com' });
    await electron.ipcMain.invoke('vault:save', frameEvent(), SAMPLE_SESSION);
    await expect(
      electron.ipcMain.invoke('settings:switch-server', frameEvent(), { mode: 'embedded', serverUrl: '' }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'SETTINGS_FIXED_BY_ENVIRONMENT' } });
    await expect(electron.ipcMain.invoke('settings:reset-demo', frameEvent())).resolves.toMatchObject({
      ok: false,
      error: { code: 'DEMO_SERVER_NOT_RUNNING' },
    });
    expect(vaultStorage.data.size).toBe(1);
    expect(fs.existsSync(path.join(userData, 'settings.json'))).toBe(false);
  });

  it('resetting the demo stops its server, deletes its data, signs out and restarts', async () => {
    const { electron, app, FakeWindow, vaultStorage } = await start({});
    const [, origin] = (FakeWindow.all[0]!.options.webPreferences?.additionalArguments?.[0] ?? '').split('=');
    await electron.ipcMain.invoke('vault:save', frameEvent(), SAMPLE_SESSION);
    expect(fs.existsSync(path.join(userData, 'demo-server', 'parley.sqlite'))).toBe(true);

    await expect(electron.ipcMain.invoke('settings:reset-demo', frameEvent())).resolves.toEqual({
      ok: true,
      value: null,
    });
    expect(fs.existsSync(path.join(userData, 'demo-server'))).toBe(false);
    expect(vaultStorage.data.size).toBe(0);
    await expect(fetch(`${origin}${apiRoutes.health()}`)).rejects.toThrow();
    await vi.waitFor(() => expect(app.relaunch).toHaveBeenCalledOnce());
    // The quit that follows does not close the stopped server a second time.
    const preventDefault = vi.fn();
    app.emit('will-quit', { preventDefault });
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(2));
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
    const { app, FakeWindow, electron } = await start({});
    const [, origin] = (FakeWindow.all[0]!.options.webPreferences?.additionalArguments?.[0] ?? '').split('=');
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${origin}${apiRoutes.health()}`)).status).toBe(200);
    expect(fs.existsSync(path.join(userData, 'demo-server', 'parley.sqlite'))).toBe(true);
    // Production mode: no test-support routes on the demo server, and no bridge answer carries a sandbox secret.
    expect((await fetch(`${origin}${apiRoutes.testSupport.outbox()}`)).status).toBe(404);
    const answers = JSON.stringify([
      await electron.ipcMain.invoke('settings:load', frameEvent()),
      await electron.ipcMain.invoke('vault:status', frameEvent()),
    ]);
    expect(answers).not.toMatch(/sk_test|whsec_|wsec_|authToken|secretKey/);

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
