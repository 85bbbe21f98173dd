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
  it('exposes exactly window.parley = { apiOrigin, sessionVault: { load, save, clear, onChange } }', () => {
    const { exposed, bridge } = expose(fakeIpcRenderer().ipc);
    expect([...exposed.keys()]).toEqual(['parley']);
    expect(Object.keys(bridge).sort()).toEqual(['apiOrigin', 'sessionVault']);
    expect(bridge.apiOrigin).toBe('http://127.0.0.1:4123');
    expect(Object.keys(bridge.sessionVault ?? {}).sort()).toEqual(['clear', 'load', 'onChange', 'save']);
    for (const method of Object.values(bridge.sessionVault ?? {})) expect(typeof method).toBe('function');
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
