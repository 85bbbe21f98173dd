import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createPrincipalCache, type ChangeChannel, type PrincipalCache } from './principal.cache';
import { findApiKeyPrincipal, findPrincipal, type ApiKeyPrincipal, type Principal } from './principal.store';

/** Sessions by their id, and API keys by their hash: one invalidation drops both, on every instance. */
export interface Principals extends PrincipalCache<Principal> {
  /** The API key with this hash, from the cache when it is younger than the TTL; null when there is none. */
  apiKey(keyHash: string): Promise<ApiKeyPrincipal | null>;
}
export type { ApiKeyPrincipal, Principal };

/** Enough for every session active in a few seconds on one instance; the oldest entry goes first. */
const MAX_CACHED_SESSIONS = 10_000;

/** The per-request principal lookup with its cross-instance invalidation, built once per server instance. */
export function createPrincipals(
  deps: { config: Pick<Config, 'principalCacheTtlMs'>; db: Db; clock: Clock; logger: Logger },
  channel: ChangeChannel,
): Principals {
  const options = {
    channel,
    clock: deps.clock,
    ttlMs: deps.config.principalCacheTtlMs,
    maxEntries: MAX_CACHED_SESSIONS,
    logger: deps.logger,
  };
  const sessions = createPrincipalCache({ ...options, load: (sessionId) => findPrincipal(deps.db, sessionId) });
  const keys = createPrincipalCache({ ...options, load: (keyHash) => findApiKeyPrincipal(deps.db, keyHash) });
  return {
    get: sessions.get,
    apiKey: keys.get,
    async invalidate(change) {
      await Promise.all([sessions.invalidate(change), keys.invalidate(change)]);
    },
    close() {
      sessions.close();
      keys.close();
    },
  };
}
