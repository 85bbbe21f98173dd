import { describe, expect, it, vi, type Mock } from 'vitest';
import { EVENT_CHANNELS } from '../ipc/ipc-channels';
import { registerIpcHandlers } from '../ipc/ipc-handlers';
import { fakeIpcMain, fakeSafeStorage, frameEvent, memoryStorage, SAMPLE_SESSION } from '../testing/electron-fakes';
import { createTokenVault } from './token-vault';
import { createVaultBroadcast, vaultHandlers, type AppContents } from './vault.ipc';

function listener(id: number, url = 'app://parley/'): AppContents & { send: Mock<AppContents['send']> } {
  return { id, getURL: () => url, send: vi.fn<AppContents['send']>() };
}

function setup(available = true) {
  const storage = memoryStorage();
  const vault = createTokenVault({ safeStorage: fakeSafeStorage({ available }), storage, platform: 'darwin' });
  const windows = [listener(1), listener(2), listener(3, 'https://js.stripe.com/')];
  const ipcMain = fakeIpcMain();
  registerIpcHandlers(
    ipcMain,
    vaultHandlers(
      vault,
      createVaultBroadcast(() => windows),
    ),
    {
      onUnexpectedError: vi.fn(),
    },
  );
  return { ipcMain, storage, windows };
}

describe('vault IPC', () => {
  it('saves, loads and clears over IPC', async () => {
    const { ipcMain } = setup();
    await expect(ipcMain.invoke('vault:save', frameEvent(), SAMPLE_SESSION)).resolves.toEqual({
      ok: true,
      value: null,
    });
    await expect(ipcMain.invoke('vault:load', frameEvent())).resolves.toEqual({ ok: true, value: SAMPLE_SESSION });
    await expect(ipcMain.invoke('vault:clear', frameEvent())).resolves.toEqual({ ok: true, value: null });
    await expect(ipcMain.invoke('vault:load', frameEvent())).resolves.toEqual({ ok: true, value: null });
  });

  it('tells the other app windows, never the sender or a foreign page', async () => {
    const { ipcMain, windows } = setup();
    const [sender, other, foreign] = windows;
    await ipcMain.invoke('vault:save', frameEvent('app://parley/', { senderId: 1 }), SAMPLE_SESSION);
    expect(sender?.send).not.toHaveBeenCalled();
    expect(other?.send).toHaveBeenCalledWith(EVENT_CHANNELS.vaultChanged, SAMPLE_SESSION);
    expect(foreign?.send).not.toHaveBeenCalled();

    await ipcMain.invoke('vault:clear', frameEvent('app://parley/', { senderId: 1 }));
    expect(other?.send).toHaveBeenLastCalledWith(EVENT_CHANNELS.vaultChanged, null);
  });

  it('answers VAULT_ENCRYPTION_UNAVAILABLE and stores nothing when the OS cannot encrypt', async () => {
    const { ipcMain, storage, windows } = setup(false);
    await expect(ipcMain.invoke('vault:save', frameEvent(), SAMPLE_SESSION)).resolves.toMatchObject({
      ok: false,
      error: { code: 'VAULT_ENCRYPTION_UNAVAILABLE' },
    });
    expect(storage.data.size).toBe(0);
    for (const window of windows) expect(window.send).not.toHaveBeenCalled();
  });

  it('refuses a foreign sender on every vault channel', async () => {
    const { ipcMain } = setup();
    await ipcMain.invoke('vault:save', frameEvent(), SAMPLE_SESSION);
    for (const [channel, args] of [
      ['vault:load', []],
      ['vault:save', [SAMPLE_SESSION]],
      ['vault:clear', []],
    ] as const) {
      await expect(ipcMain.invoke(channel, frameEvent('http://127.0.0.1:5173/'), ...args)).resolves.toMatchObject({
        ok: false,
        error: { code: 'IPC_UNTRUSTED_SENDER' },
      });
    }
    await expect(ipcMain.invoke('vault:load', frameEvent())).resolves.toEqual({ ok: true, value: SAMPLE_SESSION });
  });
});
