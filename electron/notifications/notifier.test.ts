import { describe, expect, it, vi } from 'vitest';
import { registerIpcHandlers } from '../ipc/ipc-handlers';
import { fakeIpcMain, frameEvent } from '../testing/electron-fakes';
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
  it('shows a notification whose click opens the console', () => {
    const { FakeNotification, shown } = fakeNotification();
    const onClick = vi.fn();
    const notifier = createNotifier({ Notification: FakeNotification, icon: '/icons/window-icon.png', onClick });
    expect(notifier.notify('Campaign finished', '120 calls, 87 answered')).toBe(true);
    expect(shown).toMatchObject([
      { title: 'Campaign finished', body: '120 calls, 87 answered', icon: '/icons/window-icon.png' },
    ]);
    shown[0]?.listeners.get('click')?.();
    expect(onClick).toHaveBeenCalledOnce();
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
    const results = Array.from({ length: 5 }, () => notifier.notify('t', 'b'));
    expect(results).toEqual([true, true, true, false, false]);
    now = 999;
    expect(notifier.notify('t', 'b')).toBe(false);
    now = 1000;
    expect(notifier.notify('t', 'b')).toBe(true);
    expect(shown).toHaveLength(4);
  });

  it('does nothing where the system has no notifications', () => {
    const { FakeNotification, shown } = fakeNotification(false);
    expect(createNotifier({ Notification: FakeNotification, onClick: vi.fn() }).notify('t', 'b')).toBe(false);
    expect(shown).toHaveLength(0);
  });
});

describe('notifications:show', () => {
  function setup() {
    const { FakeNotification, shown } = fakeNotification();
    const ipcMain = fakeIpcMain();
    const notifier = createNotifier({
      Notification: FakeNotification,
      onClick: vi.fn(),
      limit: { count: 1, windowMs: 60_000 },
    });
    registerIpcHandlers(ipcMain, notificationHandlers(notifier), { onUnexpectedError: vi.fn() });
    return { ipcMain, shown };
  }

  it('shows a valid notification and reports the rate limit as shown: false', async () => {
    const { ipcMain, shown } = setup();
    const request = { title: 'Call answered', body: '+1 415 555 0100' };
    await expect(ipcMain.invoke('notifications:show', frameEvent(), request)).resolves.toEqual({
      ok: true,
      value: { shown: true },
    });
    await expect(ipcMain.invoke('notifications:show', frameEvent(), request)).resolves.toEqual({
      ok: true,
      value: { shown: false },
    });
    expect(shown).toHaveLength(1);
  });

  it.each([
    ['no title', { body: 'b' }],
    ['an empty title', { title: '', body: 'b' }],
    ['a long title', { title: 'x'.repeat(121), body: 'b' }],
    ['a long body', { title: 't', body: 'x'.repeat(1001) }],
    ['a number', { title: 1, body: 'b' }],
    ['an icon path', { title: 't', body: 'b', icon: '/etc/passwd' }],
  ])('refuses %s', async (_name, request) => {
    const { ipcMain, shown } = setup();
    await expect(ipcMain.invoke('notifications:show', frameEvent(), request)).resolves.toMatchObject({
      ok: false,
      error: { code: 'IPC_INVALID_ARGUMENT' },
    });
    expect(shown).toHaveLength(0);
  });

  it('refuses a foreign sender', async () => {
    const { ipcMain, shown } = setup();
    await expect(
      ipcMain.invoke('notifications:show', frameEvent('https://evil.test/'), { title: 't', body: 'b' }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'IPC_UNTRUSTED_SENDER' } });
    expect(shown).toHaveLength(0);
  });
});
