import { describe, expect, it } from 'vitest';
import { recallSessionEnd, rememberSessionEnd } from './sessionEndNotice';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the notice of an ended session', () => {
  it('keeps an expiry until a sign-in clears it', () => {
    const storage = memoryStorage();
    rememberSessionEnd('expired', storage);
    expect(recallSessionEnd(storage)).toBe('expired');
    rememberSessionEnd(null, storage);
    expect(recallSessionEnd(storage)).toBeNull();
  });

  it('keeps nothing for a sign-out or a sign-out elsewhere', () => {
    const storage = memoryStorage();
    rememberSessionEnd('expired', storage);
    rememberSessionEnd('logout', storage);
    expect(recallSessionEnd(storage)).toBeNull();
    rememberSessionEnd('elsewhere', storage);
    expect(recallSessionEnd(storage)).toBeNull();
  });

  it('costs only the notice when storage refuses', () => {
    const refusing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as Storage;
    expect(() => rememberSessionEnd('expired', refusing)).not.toThrow();
    expect(recallSessionEnd(refusing)).toBeNull();
  });
});
