import { describe, expect, it } from 'vitest';
import { expiryOf, withTimeout } from './worker-pool';

describe('expiryOf', () => {
  it('adds the run limit to when the run started', () => {
    expect(expiryOf({ started_on: '2026-01-01T00:00:00.000Z', expire_in_sec: 90 })).toBe(
      Date.parse('2026-01-01T00:01:30.000Z'),
    );
  });
});

describe('withTimeout', () => {
  it('answers what the work answers in time', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 1000)).resolves.toBe('ok');
  });

  it('fails work that outlasts its limit, naming the limit', async () => {
    await expect(withTimeout(new Promise(() => undefined), 20)).rejects.toThrow('The job ran longer than its 0.02 s');
  });
});
