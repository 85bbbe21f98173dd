import { keyMayCall, type ApiKeyScope } from '@shared/api/permissions';
import { keyRequirement } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import type { AuditService, RequestMeta } from '../audit/audit.service';
import type { ApiKeyPrincipal } from '../auth/principals.service';
import { createRateLimits } from '../auth/throttle.service';
import { readPresentedApiKey } from './api-key-format';
import { recordApiKeyUse } from './api-keys.store';

/** last_used_at and last_used_ip are written at most once a minute per key. */
const LAST_USED_COALESCE_MS = 60_000;
/**
 * A refused use is audited at most once a minute per key (or unknown prefix), address and reason: a client retrying
 * in a loop cannot flood the log.
 */
const REFUSAL_COALESCE_MS = 60_000;
/** Entries kept by each of the per-key memories below; the oldest goes first. */
const MEMORY_ENTRIES = 10_000;

/** Whether `key` was last seen at least `intervalMs` before `at`; records `at` when it was. */
function firstIn(memory: Map<string, number>, key: string, at: number, intervalMs: number): boolean {
  if (at - (memory.get(key) ?? -Infinity) < intervalMs) return false;
  memory.delete(key);
  memory.set(key, at);
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
  return true;
}

/** The caller a valid key stands for. */
export interface KeyCaller {
  keyId: string;
  tenantId: string;
  userId: string;
  scope: ApiKeyScope;
  permissions: string[];
  billingStatus: ApiKeyPrincipal['billingStatus'];
}

/**
 * Checking presented keys: each request's key is looked up through the principal cache, checked against the route's
 * declared permission and the key's scope, limited per key, and its use recorded; refusals are audited, coalesced.
 */
export function createApiKeyAuthentication(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'principals'>,
  audit: Pick<AuditService, 'record'>,
) {
  const { db } = deps;
  const limits = createRateLimits(db);
  const perKey = limits.limiter('api-key', deps.config.apiKeyRequestsPerMinute, 60);
  /** When this instance last recorded each key's use; the conditional write covers the other instances. */
  const lastRecorded = new Map<string, number>();
  /** When this instance last audited a refusal, by key (or unknown prefix), address and reason. */
  const lastRefusal = new Map<string, number>();

  async function recordUse(keyId: string, ip: string): Promise<void> {
    const at = deps.clock.now().getTime();
    if (!firstIn(lastRecorded, keyId, at, LAST_USED_COALESCE_MS)) return;
    await recordApiKeyUse(
      db,
      keyId,
      ip,
      new Date(at).toISOString(),
      new Date(at - LAST_USED_COALESCE_MS).toISOString(),
    );
  }

  /** The key a presented secret stands for, from the principal cache; null when unknown or under another id. */
  async function lookUp(presented: string) {
    const read = readPresentedApiKey(presented);
    const found = read ? await deps.principals.apiKey(read.lookupHash) : null;
    return { read, key: found && found.prefix === read?.prefix ? found : null };
  }

  /** Why a known key may not make this request now, or null when it may. */
  function refusalOf(key: ApiKeyPrincipal, request: { method: string; pattern: string }) {
    if (!key.active) return { reason: 'inactive', error: new DomainError('API_KEY_INVALID') };
    if (key.expiresAt !== null && key.expiresAt <= isoNow(deps.clock)) {
      return { reason: 'expired', error: new DomainError('API_KEY_INVALID') };
    }
    if (!keyMayCall(key, request.method, keyRequirement(request.method, request.pattern))) {
      return { reason: 'not-permitted', error: new DomainError('API_KEY_NOT_PERMITTED') };
    }
    return null;
  }

  return {
    /**
     * Whether a key that was let in may still make the request it made (a live stream): the same checks as
     * authenticate through the principal cache, without counting a use.
     */
    async stillAllowed(presented: string, request: { method: string; pattern: string }): Promise<boolean> {
      const { key } = await lookUp(presented);
      return key !== null && refusalOf(key, request) === null;
    },

    /**
     * The caller a presented key stands for on `method` of the route `pattern` (under the API prefix): refused
     * unless the key exists, is active and unexpired, and its scope and permissions allow the route; then counted
     * against the key's rate limit, and its use recorded.
     */
    async authenticate(
      presented: string,
      request: { method: string; pattern: string } & RequestMeta,
    ): Promise<KeyCaller> {
      const { read, key } = await lookUp(presented);
      const refuse = async (reason: string, error: DomainError): Promise<never> => {
        // An unknown key is named by its prefix only: it may be a real key mistyped, and its secret stays out of logs.
        const subject = key?.keyId ?? read?.prefix ?? '';
        if (
          firstIn(lastRefusal, `${subject} ${request.ip} ${reason}`, deps.clock.now().getTime(), REFUSAL_COALESCE_MS)
        ) {
          await audit.record({
            event: 'api-key.refused',
            tenantId: key?.tenantId ?? null,
            ip: request.ip,
            requestId: request.requestId,
            details: key
              ? { keyId: key.keyId, reason, method: request.method, route: request.pattern }
              : { prefix: subject, reason, method: request.method, route: request.pattern },
          });
        }
        throw error;
      };
      if (!key) return refuse('unknown', new DomainError('API_KEY_INVALID'));
      const refusal = refusalOf(key, request);
      if (refusal) return refuse(refusal.reason, refusal.error);
      try {
        await limits.consume(perKey, key.keyId, 'API_KEY_THROTTLED');
      } catch (error) {
        if (error instanceof DomainError) return refuse('throttled', error);
        throw error;
      }
      await recordUse(key.keyId, request.ip);
      return {
        keyId: key.keyId,
        tenantId: key.tenantId,
        userId: key.userId,
        scope: key.scope,
        permissions: key.permissions,
        billingStatus: key.billingStatus,
      };
    },
  };
}
