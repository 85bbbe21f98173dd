import type { Clock } from '../../lib/clock';
import type { Notifier } from '../../db/dialect';

/**
 * Publish and subscribe across server instances: PostgreSQL LISTEN/NOTIFY in production, in-process on SQLite.
 * The cache needs no more than this; the dialect module provides the database-backed one.
 */
export interface ChangeChannel {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, listener: (payload: string) => void): () => void;
}

/** The principal cache's channel over the database's cross-instance notifications (LISTEN/NOTIFY on PostgreSQL). */
export function channelOverNotifier(notifier: Notifier): ChangeChannel {
  return {
    publish: (channel, payload) => notifier.publish(channel, payload),
    subscribe(channel, listener) {
      const subscribed = notifier.subscribe(channel, (payload) => {
        if (typeof payload === 'string') listener(payload);
      });
      return () => void subscribed.then((unsubscribe) => unsubscribe());
    },
  };
}

/** A cached value must say whose it is, so that a change to that user or tenant can find it. */
export interface OwnedByUserAndTenant {
  userId: string;
  tenantId: string | null;
}

/** Who changed: every cached entry of that user, or of anyone in that tenant, is dropped on every instance. */
export type PrincipalChange = { userId: string } | { tenantId: string };

export interface PrincipalCache<T extends OwnedByUserAndTenant> {
  /** The value for a session, from the cache when it is younger than the TTL; null when there is none. */
  get(sessionId: string): Promise<T | null>;
  /** Call after committing a change to a session, role, membership or billing status. */
  invalidate(change: PrincipalChange): Promise<void>;
  /** Stops listening to other instances. */
  close(): void;
}

export interface PrincipalCacheOptions<T> {
  load(sessionId: string): Promise<T | null>;
  channel: ChangeChannel;
  clock: Clock;
  ttlMs: number;
  maxEntries: number;
  logger: { warn(details: object, message: string): void };
}

export const PRINCIPAL_CHANNEL = 'parley_principal_changed';

interface Entry<T> {
  value: T | null;
  loadedAt: number;
}

function parseChange(payload: string): PrincipalChange | null {
  try {
    const change: unknown = JSON.parse(payload);
    if (change && typeof change === 'object') {
      const { userId, tenantId } = change as Record<string, unknown>;
      if (typeof userId === 'string') return { userId };
      if (typeof tenantId === 'string') return { tenantId };
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * A short, bounded cache of what each request must know about its caller, so that an authenticated request costs
 * one indexed lookup per session per TTL rather than several queries. Concurrent misses share one load; a load
 * that began before an invalidation answers its own request but is not kept.
 */
export function createPrincipalCache<T extends OwnedByUserAndTenant>(
  options: PrincipalCacheOptions<T>,
): PrincipalCache<T> {
  const { clock, ttlMs, maxEntries } = options;
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T | null>>();
  let generation = 0;

  const drop = (change: PrincipalChange) => {
    generation += 1;
    loading.clear();
    for (const [sessionId, entry] of entries) {
      const value = entry.value;
      if (!value) continue;
      if ('userId' in change ? value.userId === change.userId : value.tenantId === change.tenantId) {
        entries.delete(sessionId);
      }
    }
  };

  const unsubscribe = options.channel.subscribe(PRINCIPAL_CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) drop(change);
  });

  async function load(sessionId: string): Promise<T | null> {
    const startedIn = generation;
    const value = await options.load(sessionId);
    if (startedIn === generation) {
      entries.delete(sessionId);
      entries.set(sessionId, { value, loadedAt: clock.now().getTime() });
      // Maps iterate in insertion order, so the first key is the oldest entry.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    return value;
  }

  return {
    async get(sessionId) {
      const entry = entries.get(sessionId);
      if (entry && clock.now().getTime() - entry.loadedAt < ttlMs) return entry.value;
      const pending = loading.get(sessionId);
      if (pending) return pending;
      const next = load(sessionId).finally(() => {
        if (loading.get(sessionId) === next) loading.delete(sessionId);
      });
      loading.set(sessionId, next);
      return next;
    },

    async invalidate(change) {
      drop(change);
      try {
        await options.channel.publish(PRINCIPAL_CHANNEL, JSON.stringify(change));
      } catch (error) {
        // The change is committed and dropped here; other instances catch up within the TTL.
        options.logger.warn({ err: error }, 'could not publish a principal change to other instances');
      }
    },

    close: unsubscribe,
  };
}
