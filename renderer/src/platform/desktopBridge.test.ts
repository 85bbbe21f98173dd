import { describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '@shared/api/desktop-bridge';
import { createVaultSessionStore } from './desktopBridge';

const session: StoredSession = { accessToken: 'a', refreshToken: 'r', user: null };

describe('createVaultSessionStore', () => {
  it('passes sessions to the vault', async () => {
    const vault = {
      load: vi.fn(async () => session),
      save: vi.fn(async () => undefined),
      clear: vi.fn(async () => undefined),
    };
    const store = createVaultSessionStore(vault);
    await store.save(session);
    expect(vault.save).toHaveBeenCalledWith(session);
    expect(await store.load()).toBe(session);
  });

  it('keeps working when the vault refuses to store without encryption', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const vault = {
      load: vi.fn(async () => null),
      save: vi.fn(async () => {
        throw new Error('VAULT_ENCRYPTION_UNAVAILABLE: this computer offers no secure storage');
      }),
      clear: vi.fn(async () => undefined),
    };
    await expect(createVaultSessionStore(vault).save(session)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
