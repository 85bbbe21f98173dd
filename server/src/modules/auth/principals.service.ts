import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createPrincipalCache, type ChangeChannel, type PrincipalCache } from './principal.cache';
import { findPrincipal, type Principal } from './principal.store';

export type Principals = PrincipalCache<Principal>;
export type { Principal };

/** Enough for every session active in a few seconds on one instance; the oldest entry goes first. */
const MAX_CACHED_SESSIONS = 10_000;

/** The per-request principal lookup with its cross-instance invalidation, built once per server instance. */
export function createPrincipals(
  deps: { config: Pick<Config, 'principalCacheTtlMs'>; db: Db; clock: Clock; logger: Logger },
  channel: ChangeChannel,
): Principals {
  return createPrincipalCache({
    load: (sessionId) => findPrincipal(deps.db, sessionId),
    channel,
    clock: deps.clock,
    ttlMs: deps.config.principalCacheTtlMs,
    maxEntries: MAX_CACHED_SESSIONS,
    logger: deps.logger,
  });
}
