import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../lib/clock';
import { createPrincipalCache, type ChangeChannel } from './principal.cache';

/** Instances sharing one synchronous channel, so a test sees another instance's invalidation at once. */
function createInProcessChannel(): ChangeChannel {
  const emitter = new EventEmitter();
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
}

interface Caller {
  userId: string;
  tenantId: string | null;
  role: string;
}

const TTL_MS = 2000;

function setUp(options: { channel?: ChangeChannel; maxEntries?: number } = {}) {
  let nowMs = Date.parse('2026-11-20T10:00:00.000Z');
  const clock: Clock = { now: () => new Date(nowMs) };
  const rows = new Map<string, Caller>([
    ['s1', { userId: 'u1', tenantId: 't1', role: 'user' }],
    ['s2', { userId: 'u1', tenantId: 't1', role: 'user' }],
    ['s3', { userId: 'u2', tenantId: 't1', role: 'admin' }],
    ['s4', { userId: 'u3', tenantId: 't2', role: 'admin' }],
  ]);
  const loads: string[] = [];
  const warnings: string[] = [];
  const cache = createPrincipalCache<Caller>({
    load: async (sessionId) => {
      loads.push(sessionId);
      const row = rows.get(sessionId);
      return row ? { ...row } : null;
    },
    channel: options.channel ?? createInProcessChannel(),
    clock,
    ttlMs: TTL_MS,
    maxEntries: options.maxEntries ?? 100,
    logger: { warn: (_details: object, message: string) => void warnings.push(message) },
  });
  return { cache, rows, loads, warnings, advance: (ms: number) => (nowMs += ms) };
}

describe('principal cache', () => {
  it('serves a session from memory for the TTL, then reads it again', async () => {
    const { cache, rows, loads, advance } = setUp();
    expect(await cache.get('s1')).toMatchObject({ role: 'user' });
    rows.set('s1', { userId: 'u1', tenantId: 't1', role: 'admin' });
    advance(TTL_MS - 1);
    expect(await cache.get('s1')).toMatchObject({ role: 'user' });
    advance(1);
    expect(await cache.get('s1')).toMatchObject({ role: 'admin' });
    expect(loads).toEqual(['s1', 's1']);
  });

  it('loads once for concurrent misses of one session', async () => {
    const { cache, loads } = setUp();
    await Promise.all(Array.from({ length: 20 }, () => cache.get('s1')));
    expect(loads).toEqual(['s1']);
  });

  it('drops every session of a user, or of a tenant, on every instance sharing the channel', async () => {
    const channel = createInProcessChannel();
    const here = setUp({ channel });
    const there = setUp({ channel });
    for (const instance of [here, there]) for (const id of ['s1', 's2', 's3', 's4']) await instance.cache.get(id);

    await here.cache.invalidate({ userId: 'u1' });
    for (const instance of [here, there]) for (const id of ['s1', 's2', 's3', 's4']) await instance.cache.get(id);
    expect(there.loads.slice(4)).toEqual(['s1', 's2']);

    await there.cache.invalidate({ tenantId: 't1' });
    for (const id of ['s1', 's2', 's3', 's4']) await here.cache.get(id);
    expect(here.loads.slice(6)).toEqual(['s1', 's2', 's3']);
  });

  it('does not keep a load that an invalidation overtook', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loads: string[] = [];
    const slow = createPrincipalCache<Caller>({
      load: async (sessionId) => {
        loads.push(sessionId);
        await gate;
        return { userId: 'u1', tenantId: 't1', role: 'user' };
      },
      channel: createInProcessChannel(),
      clock: { now: () => new Date() },
      ttlMs: 60_000,
      maxEntries: 10,
      logger: { warn: () => undefined },
    });
    const inFlight = slow.get('s1');
    await slow.invalidate({ userId: 'u1' });
    release();
    expect(await inFlight).toMatchObject({ userId: 'u1' });
    await slow.get('s1');
    expect(loads).toEqual(['s1', 's1']);
  });

  it('answers null for a session that does not exist', async () => {
    const { cache } = setUp();
    expect(await cache.get('no-such-session')).toBeNull();
  });

  it('holds at most maxEntries sessions, dropping the oldest', async () => {
    const { cache, loads } = setUp({ maxEntries: 2 });
    await cache.get('s1');
    await cache.get('s2');
    await cache.get('s3');
    await cache.get('s2');
    await cache.get('s1');
    expect(loads).toEqual(['s1', 's2', 's3', 's1']);
  });

  it('drops locally and says so when the change cannot reach other instances', async () => {
    const failing: ChangeChannel = {
      publish: async () => {
        throw new Error('connection lost');
      },
      subscribe: () => () => undefined,
    };
    const { cache, loads, warnings } = setUp({ channel: failing });
    await cache.get('s1');
    await cache.invalidate({ userId: 'u1' });
    await cache.get('s1');
    expect(loads).toEqual(['s1', 's1']);
    expect(warnings).toEqual(['could not publish a principal change to other instances']);
  });
});
