import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '@shared/api/desktop-bridge';
import { EVENT_CHANNELS } from '../ipc/ipc-channels';
import { SAMPLE_SESSION } from '../testing/electron-fakes';
import { exposeDesktopBridge, type BridgeIpc } from './desktop-bridge';

function fakeIpcRenderer(answer: (channel: string, ...args: unknown[]) => unknown = () => ({ ok: true, value: null })) {
  const emitter = new EventEmitter();
  const ipc = {
    invoke: vi.fn(async (channel: string, ...args: unknown[]) => answer(channel, ...args)),
    on: vi.fn<BridgeIpc['on']>((channel, listener) => emitter.on(channel, listener)),
    removeListener: vi.fn<BridgeIpc['removeListener']>((channel, listener) =>
      emitter.removeListener(channel, listener),
    ),
  } satisfies BridgeIpc;
  return { ipc, emitter };
}

function expose(ipc: BridgeIpc, argv: string[] = ['electron', '--parley-api-origin=http://127.0.0.1:4123']) {
  const exposed = new Map<string, unknown>();
  exposeDesktopBridge({ exposeInMainWorld: (key, api) => void exposed.set(key, api) }, ipc, argv);
  return { exposed, bridge: exposed.get('parley') as DesktopBridge };
}

describe('preload bridge', () => {
  it('exposes exactly window.parley: the API origin and one function per bridge call', () => {
    const { exposed, bridge } = expose(fakeIpcRenderer().ipc);
    expect([...exposed.keys()]).toEqual(['parley']);
    expect(bridge.apiOrigin).toBe('http://127.0.0.1:4123');
    const shape = Object.fromEntries(
      Object.entries(bridge).map(([key, value]) => [
        key,
        typeof value === 'object' ? Object.keys(value as object).sort() : typeof value,
      ]),
    );
    expect(shape).toEqual({
      apiOrigin: 'string',
      notify: 'function',
      onNavigate: 'function',
      notificationSettings: ['load', 'save'],
      tray: ['onPauseAllCampaigns', 'report'],
      settings: ['load', 'resetDemoData', 'switchServer'],
      contactDrafts: ['list', 'load', 'remove', 'save'],
      sessionVault: ['clear', 'isPersistent', 'load', 'onChange', 'save'],
    });
  });

  it('maps every call to one request on its channel, with one argument at most', async () => {
    const { ipc } = fakeIpcRenderer((channel) => ({
      ok: true,
      value: channel === 'vault:status' ? { persistent: false } : null,
    }));
    const bridge = expose(ipc).bridge;
    const owner = { userId: 'u-1', tenantId: 't-1' };
    const settings = { muted: [], doNotDisturb: true };
    const notification = { owner, kind: 'call.finished' as const, title: 't', body: 'b', route: '/calls/c1' };
    await bridge.notify?.(notification);
    await bridge.notificationSettings?.load(owner);
    await bridge.notificationSettings?.save(owner, settings);
    await bridge.tray?.report({ connection: 'online', activeCampaigns: 2 });
    await bridge.settings?.load();
    await bridge.settings?.switchServer({ mode: 'embedded', serverUrl: '' });
    await bridge.settings?.resetDemoData();
    await bridge.contactDrafts?.list(owner);
    await bridge.contactDrafts?.load(owner, 'c-1');
    await bridge.contactDrafts?.remove(owner, 'c-1');
    await expect(bridge.sessionVault?.isPersistent?.()).resolves.toBe(false);
    expect(ipc.invoke.mock.calls).toEqual([
      ['notifications:show', notification],
      ['notifications:load-settings', owner],
      ['notifications:save-settings', { owner, settings }],
      ['tray:report', { connection: 'online', activeCampaigns: 2 }],
      ['settings:load'],
      ['settings:switch-server', { mode: 'embedded', serverUrl: '' }],
      ['settings:reset-demo'],
      ['drafts:list', owner],
      ['drafts:load', { owner, campaignId: 'c-1' }],
      ['drafts:remove', { owner, campaignId: 'c-1' }],
      ['vault:status'],
    ]);
  });

  it('navigates to the route a notification left for a new window, once it subscribes', async () => {
    const { ipc } = fakeIpcRenderer((channel) => ({
      ok: true,
      value: channel === 'app:take-pending-route' ? '/calls/c9' : null,
    }));
    const navigate = vi.fn();
    expose(ipc).bridge.onNavigate?.(navigate);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/calls/c9'));
    expect(ipc.invoke.mock.calls).toEqual([['app:take-pending-route']]);

    const { ipc: hostile } = fakeIpcRenderer(() => ({ ok: true, value: 'https://evil.test/' }));
    const ignored = vi.fn();
    expose(hostile).bridge.onNavigate?.(ignored);
    await vi.waitFor(() => expect(hostile.invoke).toHaveBeenCalled());
    await new Promise((resolve) => setImmediate(resolve));
    expect(ignored).not.toHaveBeenCalled();
  });

  it('passes on only in-app paths to navigate to, and the pause-all request without its IPC event', () => {
    const { ipc, emitter } = fakeIpcRenderer();
    const bridge = expose(ipc).bridge;
    const navigate = vi.fn();
    const pauseAll = vi.fn();
    const stopNavigate = bridge.onNavigate?.(navigate);
    bridge.tray?.onPauseAllCampaigns(pauseAll);
    const event = { sender: ipc, senderId: 0 };
    for (const route of ['/calls/c1', 'https://evil.test/', '//evil.test', 42, '/billing']) {
      emitter.emit(EVENT_CHANNELS.appNavigate, event, route);
    }
    emitter.emit(EVENT_CHANNELS.campaignsPauseAll, event, null);
    expect(navigate.mock.calls).toEqual([['/calls/c1'], ['/billing']]);
    expect(pauseAll.mock.calls).toEqual([[]]);
    stopNavigate?.();
    emitter.emit(EVENT_CHANNELS.appNavigate, event, '/calls/c2');
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('leaves apiOrigin out when the main process gave none or a bad one', () => {
    const { ipc } = fakeIpcRenderer();
    for (const argv of [[], ['--parley-api-origin=javascript:alert(1)'], ['--parley-api-origin=http://x.test/path']]) {
      expect(expose(ipc, argv).bridge).not.toHaveProperty('apiOrigin');
    }
  });

  it('backs the vault with one IPC request per call', async () => {
    const { ipc } = fakeIpcRenderer((channel) => ({
      ok: true,
      value: channel === 'vault:load' ? SAMPLE_SESSION : null,
    }));
    const vault = expose(ipc).bridge.sessionVault;
    await expect(vault?.load()).resolves.toEqual(SAMPLE_SESSION);
    await expect(vault?.save(SAMPLE_SESSION)).resolves.toBeUndefined();
    await expect(vault?.clear()).resolves.toBeUndefined();
    expect(ipc.invoke.mock.calls).toEqual([['vault:load'], ['vault:save', SAMPLE_SESSION], ['vault:clear']]);
  });

  it('rejects with the error code leading the message', async () => {
    const { ipc } = fakeIpcRenderer(() => ({
      ok: false,
      error: { code: 'VAULT_ENCRYPTION_UNAVAILABLE', message: 'Secure storage is not available.' },
    }));
    await expect(expose(ipc).bridge.sessionVault?.save(SAMPLE_SESSION)).rejects.toThrow(
      /^VAULT_ENCRYPTION_UNAVAILABLE: Secure storage is not available\.$/,
    );
  });

  it('forwards vault changes without the IPC event, and unsubscribes', () => {
    const { ipc, emitter } = fakeIpcRenderer();
    const listener = vi.fn();
    const unsubscribe = expose(ipc).bridge.sessionVault?.onChange?.(listener);
    const event = { sender: ipc, senderId: 0 };
    emitter.emit(EVENT_CHANNELS.vaultChanged, event, SAMPLE_SESSION);
    emitter.emit(EVENT_CHANNELS.vaultChanged, event, null);
    expect(listener.mock.calls).toEqual([[SAMPLE_SESSION], [null]]);

    unsubscribe?.();
    emitter.emit(EVENT_CHANNELS.vaultChanged, event, SAMPLE_SESSION);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(emitter.listenerCount(EVENT_CHANNELS.vaultChanged)).toBe(0);
  });
});
