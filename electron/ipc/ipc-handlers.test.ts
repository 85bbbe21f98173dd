import { describe, expect, it, vi } from 'vitest';
import { storedSessionSchema } from '@shared/schemas/desktop-ipc.schema';
import { fakeIpcMain, frameEvent, SAMPLE_SESSION } from '../testing/electron-fakes';
import { DesktopError } from './desktop-error';
import { INVOKE_CHANNELS } from './ipc-channels';
import { isTrustedSender, registerIpcHandlers, type HandlerMap } from './ipc-handlers';

function setup(handlers: HandlerMap) {
  const ipcMain = fakeIpcMain();
  const onUnexpectedError = vi.fn();
  const unregister = registerIpcHandlers(ipcMain, handlers, { onUnexpectedError });
  return { ipcMain, onUnexpectedError, unregister };
}

describe('IPC sender check', () => {
  it.each([
    ['the app window', frameEvent('app://parley/campaigns/1'), true],
    ['another origin', frameEvent('https://evil.test/'), false],
    ['the API origin', frameEvent('http://127.0.0.1:3000/'), false],
    ['a look-alike host', frameEvent('app://parley.evil/'), false],
    ['a file page', frameEvent('file:///tmp/index.html'), false],
    ['an embedded frame of the app', frameEvent('app://parley/', { parent: {} }), false],
    ['a destroyed frame', { senderFrame: null, sender: { id: 1 } }, false],
  ])('%s → %s', (_name, event, trusted) => {
    expect(isTrustedSender(event)).toBe(trusted);
  });
});

describe('registerIpcHandlers', () => {
  const save = vi.fn();
  const handlers: HandlerMap = {
    [INVOKE_CHANNELS.vaultLoad]: { schema: null, handle: () => SAMPLE_SESSION },
    [INVOKE_CHANNELS.vaultSave]: { schema: storedSessionSchema, handle: (session) => (save(session), null) },
  };

  it('registers one handler per channel and removes them again', () => {
    const { ipcMain, unregister } = setup(handlers);
    expect([...ipcMain.handlers.keys()]).toEqual(['vault:load', 'vault:save']);
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('answers the app window', async () => {
    const { ipcMain } = setup(handlers);
    await expect(ipcMain.invoke('vault:load', frameEvent())).resolves.toEqual({ ok: true, value: SAMPLE_SESSION });
  });

  it('refuses a wrong sender before looking at the argument or running the handler', async () => {
    save.mockClear();
    const { ipcMain } = setup(handlers);
    for (const event of [frameEvent('https://evil.test/'), frameEvent('app://parley/', { parent: {} })]) {
      await expect(ipcMain.invoke('vault:save', event, SAMPLE_SESSION)).resolves.toMatchObject({
        ok: false,
        error: { code: 'IPC_UNTRUSTED_SENDER' },
      });
    }
    expect(save).not.toHaveBeenCalled();
  });

  it.each([
    ['no argument', []],
    ['two arguments', [SAMPLE_SESSION, SAMPLE_SESSION]],
    ['a string', ['session']],
    ['null', [null]],
    ['a number for a token', [{ ...SAMPLE_SESSION, accessToken: 42 }]],
    ['a missing refresh token', [{ accessToken: 'a', user: null }]],
    ['an unknown field', [{ ...SAMPLE_SESSION, isSuperadmin: true }]],
    ['a token with a line break', [{ ...SAMPLE_SESSION, accessToken: 'a\r\nX-Injected: 1' }]],
    ['an unknown role', [{ ...SAMPLE_SESSION, user: { ...SAMPLE_SESSION.user, role: 'root' } }]],
    ['a user without an id', [{ ...SAMPLE_SESSION, user: { ...SAMPLE_SESSION.user, id: undefined } }]],
  ])('refuses %s with IPC_INVALID_ARGUMENT', async (_name, args) => {
    save.mockClear();
    const { ipcMain } = setup(handlers);
    await expect(ipcMain.invoke('vault:save', frameEvent(), ...args)).resolves.toMatchObject({
      ok: false,
      error: { code: 'IPC_INVALID_ARGUMENT' },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses an argument on a channel that takes none', async () => {
    const { ipcMain } = setup(handlers);
    await expect(ipcMain.invoke('vault:load', frameEvent(), 'extra')).resolves.toMatchObject({
      ok: false,
      error: { code: 'IPC_INVALID_ARGUMENT' },
    });
  });

  it("passes a DesktopError's code on, and hides anything else", async () => {
    const { ipcMain, onUnexpectedError } = setup({
      [INVOKE_CHANNELS.vaultLoad]: {
        schema: null,
        handle: () => {
          throw new DesktopError('VAULT_ENCRYPTION_UNAVAILABLE', 'No keychain');
        },
      },
      [INVOKE_CHANNELS.vaultClear]: {
        schema: null,
        handle: () => {
          throw new Error('SQLITE_CORRUPT at /home/user/secret/path');
        },
      },
    });
    await expect(ipcMain.invoke('vault:load', frameEvent())).resolves.toEqual({
      ok: false,
      error: { code: 'VAULT_ENCRYPTION_UNAVAILABLE', message: 'No keychain' },
    });
    const hidden = await ipcMain.invoke('vault:clear', frameEvent());
    expect(hidden).toMatchObject({ ok: false, error: { code: 'DESKTOP_INTERNAL_ERROR' } });
    expect(JSON.stringify(hidden)).not.toContain('SQLITE_CORRUPT');
    expect(onUnexpectedError).toHaveBeenCalledWith('vault:clear', expect.any(Error));
  });
});
