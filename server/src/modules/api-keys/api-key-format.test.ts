import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/secrets';
import { mintApiKey, readPresentedApiKey } from './api-key-format';

describe('API key format', () => {
  it('mints prly_<16 hex id>_<256-bit secret>, keeping the hash of the secret and its last four', () => {
    const minted = mintApiKey();
    expect(minted.key).toMatch(/^prly_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const secret = minted.key.slice(minted.prefix.length + 1);
    expect(minted.key.startsWith(`${minted.prefix}_`)).toBe(true);
    expect(minted.secretHash).toBe(sha256Hex(secret));
    expect(minted.lastFour).toBe(minted.key.slice(-4));
    expect(mintApiKey().key).not.toBe(minted.key);
  });

  it('reads a current key back to its prefix and the hash it was stored under', () => {
    const minted = mintApiKey();
    expect(readPresentedApiKey(minted.key)).toEqual({ prefix: minted.prefix, lookupHash: minted.secretHash });
  });

  it('reads a key made before ids as its first 13 characters and the hash of the whole key', () => {
    const legacy = `prly_${'a1_-'.repeat(10)}xyz`;
    expect(readPresentedApiKey(legacy)).toEqual({ prefix: legacy.slice(0, 13), lookupHash: sha256Hex(legacy) });
  });

  it('is not fooled by near misses of the current format: they read as old keys, whose hashes match nothing new', () => {
    const minted = mintApiKey();
    for (const nearMiss of [
      `${minted.key}x`,
      minted.key.toUpperCase().replace('PRLY_', 'prly_'),
      `${minted.prefix}_short`,
    ]) {
      expect(readPresentedApiKey(nearMiss)?.lookupHash).not.toBe(minted.secretHash);
    }
  });

  it('answers null for what is not one of our keys', () => {
    for (const other of ['', 'Bearer x', 'sk_live_abc', 'eyJhbGciOiJIUzI1NiJ9.e30.sig', 'PRLY_abc']) {
      expect(readPresentedApiKey(other)).toBeNull();
    }
  });
});
