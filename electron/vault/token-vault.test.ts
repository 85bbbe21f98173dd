import { describe, expect, it, vi } from 'vitest';
import { DesktopError } from '../ipc/desktop-error';
import { fakeSafeStorage, memoryStorage, SAMPLE_SESSION } from '../testing/electron-fakes';
import { createTokenVault, VAULT_KEY } from './token-vault';

function setup(options: { available?: boolean; backend?: string; platform?: NodeJS.Platform } = {}) {
  const safeStorage = fakeSafeStorage(options);
  const storage = memoryStorage();
  const onDiscarded = vi.fn();
  const vault = createTokenVault({ safeStorage, storage, platform: options.platform ?? 'linux', onDiscarded });
  return { safeStorage, storage, vault, onDiscarded };
}

describe('token vault', () => {
  it('round-trips the session through safeStorage', () => {
    const { vault } = setup();
    expect(vault.load()).toBeNull();
    vault.save(SAMPLE_SESSION);
    expect(vault.load()).toEqual(SAMPLE_SESSION);
    vault.clear();
    expect(vault.load()).toBeNull();
  });

  it('keeps a signed-out user (null) too', () => {
    const { vault } = setup();
    vault.save({ ...SAMPLE_SESSION, user: null });
    expect(vault.load()).toEqual({ ...SAMPLE_SESSION, user: null });
  });

  it('never stores a token, the user or their base64 in plain text', () => {
    const { vault, storage } = setup();
    vault.save(SAMPLE_SESSION);
    const stored = JSON.stringify([...storage.data.entries()]);
    const secrets = [SAMPLE_SESSION.accessToken, SAMPLE_SESSION.refreshToken, SAMPLE_SESSION.user.email];
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(Buffer.from(secret).toString('base64').slice(0, 16));
    }
    const bytes = Buffer.from(storage.data.get(VAULT_KEY) as string, 'base64');
    for (const secret of secrets) expect(bytes.includes(Buffer.from(secret))).toBe(false);
  });

  it('says whether it can keep the session across restarts', () => {
    expect(setup().vault.isPersistent()).toBe(true);
    expect(setup({ available: false }).vault.isPersistent()).toBe(false);
    expect(setup({ backend: 'basic_text', platform: 'linux' }).vault.isPersistent()).toBe(false);
  });

  it('refuses to save with a typed error when encryption is unavailable, and writes nothing', () => {
    const { vault, storage } = setup({ available: false });
    expect(() => vault.save(SAMPLE_SESSION)).toThrowError(
      expect.objectContaining({ code: 'VAULT_ENCRYPTION_UNAVAILABLE' }) as Error,
    );
    expect(storage.data.size).toBe(0);
  });

  it("refuses Linux's basic_text backend, whose key is public", () => {
    const { vault, storage } = setup({ backend: 'basic_text', platform: 'linux' });
    expect(() => vault.save(SAMPLE_SESSION)).toThrow(DesktopError);
    expect(storage.data.size).toBe(0);
  });

  it('ignores the Linux backend on other systems', () => {
    const { vault } = setup({ backend: 'basic_text', platform: 'darwin' });
    vault.save(SAMPLE_SESSION);
    expect(vault.load()).toEqual(SAMPLE_SESSION);
  });

  it('drops an older session when a later save cannot be encrypted', () => {
    const { vault, safeStorage, storage } = setup();
    vault.save(SAMPLE_SESSION);
    safeStorage.state.available = false;
    expect(() => vault.save({ ...SAMPLE_SESSION, refreshToken: 'rt_rotated' })).toThrow(DesktopError);
    expect(storage.data.has(VAULT_KEY)).toBe(false);
  });

  it('keeps the ciphertext while the keychain is locked, and reads it once it opens', () => {
    const { vault, safeStorage } = setup();
    vault.save(SAMPLE_SESSION);
    safeStorage.state.available = false;
    expect(vault.load()).toBeNull();
    safeStorage.state.available = true;
    expect(vault.load()).toEqual(SAMPLE_SESSION);
  });

  it('drops what it cannot decrypt or validate, and says so', () => {
    const { vault, storage, onDiscarded } = setup();
    storage.set(VAULT_KEY, Buffer.from('not encrypted').toString('base64'));
    expect(vault.load()).toBeNull();
    expect(storage.data.has(VAULT_KEY)).toBe(false);
    expect(onDiscarded).toHaveBeenCalledOnce();

    storage.data.set(VAULT_KEY, 42);
    expect(vault.load()).toBeNull();
    expect(storage.data.has(VAULT_KEY)).toBe(false);
  });

  it('drops a decrypted value that is not a session', () => {
    const { vault, storage, safeStorage } = setup();
    storage.set(VAULT_KEY, safeStorage.encryptString(JSON.stringify({ accessToken: 1 })).toString('base64'));
    expect(vault.load()).toBeNull();
    expect(storage.data.has(VAULT_KEY)).toBe(false);
  });

  it('refuses a session too large to be real', () => {
    const { vault, storage } = setup();
    const huge = { ...SAMPLE_SESSION, user: { ...SAMPLE_SESSION.user, name: 'x'.repeat(70_000) } };
    expect(() => vault.save(huge)).toThrowError(expect.objectContaining({ code: 'IPC_INVALID_ARGUMENT' }) as Error);
    expect(storage.data.size).toBe(0);
  });
});
