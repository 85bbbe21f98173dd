import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerIpcHandlers } from '../ipc/ipc-handlers';
import { fakeIpcMain, frameEvent } from '../testing/electron-fakes';
import { createNotificationSettingsStore } from './notification-settings-store';
import { notificationHandlers } from './notifications.ipc';
import { createNotifier, type NotificationLike } from './notifier';

function fakeNotification(supported = true) {
  const shown: Array<{ title: string; body: string; icon?: string; listeners: Map<string, () => void> }> = [];
  class FakeNotification implements NotificationLike {
    static isSupported = () => supported;
    readonly listeners = new Map<string, () => void>();
    constructor(readonly options: { title: string; body: string; icon?: string }) {}
    on(event: 'click' | 'close', listener: () => void) {
      this.listeners.set(event, listener);
    }
    show() {
      shown.push({ ...this.options, listeners: this.listeners });
    }
  }
  return { FakeNotification, shown };
}

describe('notifier', () => {
  it('shows a notification whose click opens the console at its route', () => {
    const { FakeNotification, shown } = fakeNotification();
    const onClick = vi.fn();
    const notifier = createNotifier({ Notification: FakeNotification, icon: '/icons/window-icon.png', onClick });
    expect(notifier.notify('Campaign finished', '120 calls, 87 answered', '/campaigns/c-1')).toBe(true);
    expect(shown).toMatchObject([
      { title: 'Campaign finished', body: '120 calls, 87 answered', icon: '/icons/window-icon.png' },
    ]);
    shown[0]?.listeners.get('click')?.();
    expect(onClick).toHaveBeenCalledExactlyOnceWith('/campaigns/c-1');
  });

  it('limits how many notifications a page can raise', () => {
    const { FakeNotification, shown } = fakeNotification();
    let now = 0;
    const notifier = createNotifier({
      Notification: FakeNotification,
      onClick: vi.fn(),
      limit: { count: 3, windowMs: 1000 },
      now: () => now,
    });
    const results = Array.from({ length: 5 }, () => notifier.notify('t', 'b', '/'));
    expect(results).toEqual([true, true, true, false, false]);
    now = 999;
    expect(notifier.notify('t', 'b', '/')).toBe(false);
    now = 1000;
    expect(notifier.notify('t', 'b', '/')).toBe(true);
    expect(shown).toHaveLength(4);
  });

  it('does nothing where the system has no notifications', () => {
    const { FakeNotification, shown } = fakeNotification(false);
    expect(createNotifier({ Notification: FakeNotification, onClick: vi.fn() }).notify('t', 'b', '/')).toBe(false);
    expect(shown).toHaveLength(0);
  });
});

describe('notifications:* channels', () => {
  const owner = { userId: 'u-1', tenantId: 't-1' };
  const request = {
    owner,
    kind: 'call.finished',
    title: 'Call finished',
    body: 'A call just ended; its details are ready.',
    route: '/calls/3f6c1a2e',
  };
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-notification-settings-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function setup(limit = { count: 1, windowMs: 60_000 }) {
    const { FakeNotification, shown } = fakeNotification();
    const ipcMain = fakeIpcMain();
    const onClick = vi.fn();
    const notifier = createNotifier({ Notification: FakeNotification, onClick, limit });
    const settings = createNotificationSettingsStore({ root });
    registerIpcHandlers(ipcMain, notificationHandlers(notifier, settings), { onUnexpectedError: vi.fn() });
    return { ipcMain, shown, onClick };
  }

  it('shows a valid notification, leads its click to the route, and reports the rate limit as shown: false', async () => {
    const { ipcMain, shown, onClick } = setup();
    await expect(ipcMain.invoke('notifications:show', frameEvent(), request)).resolves.toEqual({
      ok: true,
      value: { shown: true },
    });
    await expect(ipcMain.invoke('notifications:show', frameEvent(), request)).resolves.toEqual({
      ok: true,
      value: { shown: false },
    });
    expect(shown).toHaveLength(1);
    shown[0]?.listeners.get('click')?.();
    expect(onClick).toHaveBeenCalledWith('/calls/3f6c1a2e');
  });

  it("follows the user's settings, kept per user and across restarts", async () => {
    const { ipcMain, shown } = setup({ count: 100, windowMs: 1000 });
    await expect(ipcMain.invoke('notifications:load-settings', frameEvent(), owner)).resolves.toEqual({
      ok: true,
      value: { muted: [], doNotDisturb: false },
    });
    const muted = { muted: ['call.finished'], doNotDisturb: false };
    await expect(
      ipcMain.invoke('notifications:save-settings', frameEvent(), { owner, settings: muted }),
    ).resolves.toEqual({ ok: true, value: null });

    await expect(ipcMain.invoke('notifications:show', frameEvent(), request)).resolves.toMatchObject({
      value: { shown: false },
    });
    const payment = { ...request, kind: 'payment.failed', title: 'Payment failed', route: '/billing' };
    await expect(ipcMain.invoke('notifications:show', frameEvent(), payment)).resolves.toMatchObject({
      value: { shown: true },
    });
    // Another user of the same machine keeps the defaults.
    const colleague = { ...request, owner: { userId: 'u-2', tenantId: 't-1' } };
    await expect(ipcMain.invoke('notifications:show', frameEvent(), colleague)).resolves.toMatchObject({
      value: { shown: true },
    });
    expect(shown.map((each) => each.title)).toEqual(['Payment failed', 'Call finished']);

    const restarted = setup();
    const quiet = { muted: [], doNotDisturb: true };
    await restarted.ipcMain.invoke('notifications:save-settings', frameEvent(), { owner, settings: quiet });
    await expect(restarted.ipcMain.invoke('notifications:load-settings', frameEvent(), owner)).resolves.toEqual({
      ok: true,
      value: quiet,
    });
    await expect(restarted.ipcMain.invoke('notifications:show', frameEvent(), payment)).resolves.toMatchObject({
      value: { shown: false },
    });
  });

  it('falls back to the defaults when the settings file is damaged', async () => {
    const { ipcMain } = setup();
    fs.mkdirSync(path.join(root, 't-1', 'u-1'), { recursive: true });
    fs.writeFileSync(path.join(root, 't-1', 'u-1', 'notification-settings.json'), '{"muted":');
    await expect(ipcMain.invoke('notifications:load-settings', frameEvent(), owner)).resolves.toEqual({
      ok: true,
      value: { muted: [], doNotDisturb: false },
    });
  });

  it.each([
    ['no title', { ...request, title: undefined }],
    ['an empty title', { ...request, title: '' }],
    ['a long title', { ...request, title: 'x'.repeat(121) }],
    ['a long body', { ...request, body: 'x'.repeat(1001) }],
    ['a number', { ...request, title: 1 }],
    ['an icon path', { ...request, icon: '/etc/passwd' }],
    ['an unknown kind', { ...request, kind: 'call.started' }],
    ['no route', { ...request, route: undefined }],
    ['a route to another site', { ...request, route: 'https://evil.test/' }],
    ['a protocol-relative route', { ...request, route: '//evil.test/' }],
    ['an owner id with a path', { ...request, owner: { userId: '../u', tenantId: 't-1' } }],
  ])('refuses %s', async (_name, invalid) => {
    const { ipcMain, shown } = setup();
    await expect(ipcMain.invoke('notifications:show', frameEvent(), invalid)).resolves.toMatchObject({
      ok: false,
      error: { code: 'IPC_INVALID_ARGUMENT' },
    });
    expect(shown).toHaveLength(0);
  });

  it('refuses settings of an unknown kind', async () => {
    const { ipcMain } = setup();
    const settings = { muted: ['everything'], doNotDisturb: false };
    await expect(
      ipcMain.invoke('notifications:save-settings', frameEvent(), { owner, settings }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'IPC_INVALID_ARGUMENT' } });
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('refuses a foreign sender', async () => {
    const { ipcMain, shown } = setup();
    await expect(
      ipcMain.invoke('notifications:show', frameEvent('https://evil.test/'), request),
    ).resolves.toMatchObject({ ok: false, error: { code: 'IPC_UNTRUSTED_SENDER' } });
    expect(shown).toHaveLength(0);
  });
});
