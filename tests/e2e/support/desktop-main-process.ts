/**
 * The desktop console's main process for browser tests: the REAL bridge services and IPC handlers of electron/
 * (createDesktopMain), with Electron's APIs faked, in a Node process of its own. The test process relays the page's
 * bridge calls here over the child-process channel, so they cross a real process boundary as they do in the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDesktopMain } from '../../../electron/desktop-main';
import { registerIpcHandlers } from '../../../electron/ipc/ipc-handlers';
import { fakeIpcMain, fakeSafeStorage, memoryStorage } from '../../../electron/testing/electron-fakes';
import { APP_START_URL } from '../../../electron/app-origin';
import type { HarnessReply, HarnessRequest, HarnessState } from './desktop-harness-protocol';

const apiOrigin = process.argv[2] ?? '';
/** 'no-encryption': the system offers no keychain, as on Linux without one. */
const encryption = process.argv[3] !== 'no-encryption';
const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-desktop-e2e-'));
const reply = (message: HarnessReply) => process.send?.(message);

const state: HarnessState = {
  notifications: [],
  windowShown: 0,
  restarts: 0,
  confirmations: 0,
  vaultHasSession: false,
  trayStatus: '',
};
const clicks: Array<() => void> = [];
let confirmAnswer = true;

class FakeNotification {
  static isSupported = () => true;
  private readonly listeners = new Map<string, () => void>();
  constructor(private readonly options: { title: string; body: string }) {}
  on(event: 'click' | 'close', listener: () => void) {
    this.listeners.set(event, listener);
  }
  show() {
    state.notifications.push({ title: this.options.title, body: this.options.body });
    clicks.push(() => this.listeners.get('click')?.());
  }
}

type MenuItem = { id?: string; label?: string; enabled?: boolean; click?: () => void };
let trayMenu: MenuItem[] = [];
class FakeTray {
  setToolTip() {}
  setContextMenu(menu: MenuItem[]) {
    trayMenu = menu;
    state.trayStatus = menu.find((item) => item.id === 'status')?.label ?? '';
  }
  on() {}
  destroy() {}
}

const vaultStorage = memoryStorage();
const desktop = createDesktopMain({
  userData,
  platform: 'linux',
  safeStorage: fakeSafeStorage({ available: encryption }),
  vaultStorage,
  Notification: FakeNotification,
  tray: { Tray: FakeTray, Menu: { buildFromTemplate: (template: MenuItem[]) => template }, icon: '' },
  // One window, showing the app; its events go to the page through the test process.
  windows: () => [
    { id: 1, getURL: () => APP_START_URL, send: (channel, payload) => reply({ type: 'event', channel, payload }) },
  ],
  openWindow: () => {
    state.windowShown += 1;
    return false;
  },
  quit: () => undefined,
  confirm: async () => {
    state.confirmations += 1;
    return confirmAnswer;
  },
  server: {
    settingsFile: path.join(userData, 'settings.json'),
    demoDataDir: path.join(userData, 'demo-server'),
    running: { mode: 'remote', apiOrigin },
    fixedByEnvironment: false,
    stopDemoServer: async () => undefined,
    restart: () => void (state.restarts += 1),
  },
  log: { warn: () => undefined },
});
const ipcMain = fakeIpcMain();
registerIpcHandlers(ipcMain, desktop.handlers, {
  onUnexpectedError: (channel, error) => process.stderr.write(`IPC handler ${channel} failed: ${String(error)}\n`),
});

/** The campaign's draft files on disk, whichever user and tenant folder they are in (userData/users/<t>/<u>/drafts). */
function draftFiles(campaignId: string): string[] {
  const usersRoot = path.join(userData, 'users');
  if (!fs.existsSync(usersRoot)) return [];
  return fs
    .readdirSync(usersRoot, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(path.join('drafts', `${campaignId}.json`)))
    .map((file) => fs.readFileSync(path.join(usersRoot, file), 'utf8'));
}

process.on('message', (message: HarnessRequest) => {
  answer(message).catch((error: unknown) => {
    reply({
      type: 'failure',
      id: message.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  });
});

async function answer(message: HarnessRequest): Promise<void> {
  switch (message.type) {
    case 'invoke': {
      // The sender as Electron describes it: the top frame of the page at its URL.
      const event = {
        senderFrame: { url: message.frameUrl, parent: message.topFrame ? null : {} },
        sender: { id: 1 },
      };
      const result = await ipcMain.invoke(message.channel, event, ...message.args);
      reply({ type: 'result', id: message.id, result });
      break;
    }
    case 'click-notification':
      clicks[message.index]?.();
      reply({ type: 'result', id: message.id, result: null });
      break;
    case 'click-tray': {
      const item = trayMenu.find((each) => each.id === message.item);
      if (item?.enabled !== false) item?.click?.();
      reply({ type: 'result', id: message.id, result: item?.enabled !== false });
      break;
    }
    case 'answer-confirmation':
      confirmAnswer = message.answer;
      reply({ type: 'result', id: message.id, result: null });
      break;
    case 'draft-files':
      reply({ type: 'result', id: message.id, result: draftFiles(message.campaignId) });
      break;
    case 'state':
      state.vaultHasSession = vaultStorage.data.size > 0;
      reply({ type: 'result', id: message.id, result: state });
      break;
  }
}
process.on('disconnect', () => {
  fs.rmSync(userData, { recursive: true, force: true });
  process.exit(0);
});
reply({ type: 'ready' });
