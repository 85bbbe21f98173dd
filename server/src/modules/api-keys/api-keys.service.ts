import type { ApiKey } from '@shared/api/api-keys.types';
import { keyMayCall, type ApiKeyScope } from '@shared/api/permissions';
import { keyRequirement } from '@shared/api/routes';
import type { CreateApiKeyRequest, UpdateApiKeyRequest } from '@shared/schemas/api-key.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { AuditService, RequestMeta, TenantActor } from '../audit/audit.service';
import type { ApiKeyPrincipal } from '../auth/principals.service';
import { createRateLimits } from '../auth/throttle.service';
import { mintApiKey, readPresentedApiKey } from './api-key-format';
import { deleteApiKey, findApiKey, insertApiKey, listApiKeys, recordApiKeyUse, updateApiKey } from './api-keys.store';

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

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

/** Who creates or changes keys: a signed-in admin (no key), or a key of the admin scope acting for its tenant. */
export interface KeyManager extends TenantActor {
  /** The key the request came with, if any: it never creates, reactivates or widens a key. */
  viaKey: { scope: ApiKeyScope; permissions: readonly string[] } | null;
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
 * The tenant's API keys: created with a secret shown once (only its hash and a short prefix are kept), checked on
 * every request against the route's declared permission and the key's scope, limited per key, and cut off the
 * moment they are deactivated, deleted or expired.
 */
export function createApiKeysService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'principals'>,
  audit: AuditService,
) {
  const { db } = deps;
  const now = () => isoNow(deps.clock);
  const limits = createRateLimits(db);
  const perKey = limits.limiter('api-key', deps.config.apiKeyRequestsPerMinute, 60);
  /** When this instance last recorded each key's use; the conditional write covers the other instances. */
  const lastRecorded = new Map<string, number>();
  /** When this instance last audited a refusal, by key (or unknown prefix), address and reason. */
  const lastRefusal = new Map<string, number>();

  /** Every instance drops its cached copy of the tenant's keys (and sessions) at once. */
  const announce = (tenantId: string) => deps.principals.invalidate({ tenantId });

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
    if (key.expiresAt !== null && key.expiresAt <= now()) {
      return { reason: 'expired', error: new DomainError('API_KEY_INVALID') };
    }
    if (!keyMayCall(key, request.method, keyRequirement(request.method, request.pattern))) {
      return { reason: 'not-permitted', error: new DomainError('API_KEY_NOT_PERMITTED') };
    }
    return null;
  }

  async function existing(tenantId: string, id: string): Promise<ApiKey> {
    const key = await findApiKey(db, tenantId, id);
    if (!key) throw new DomainError('NOT_FOUND', 'No API key of your tenant has this id.');
    return key;
  }

  return {
    list: (tenantId: string) => listApiKeys(db, tenantId),

    async create(manager: KeyManager, input: CreateApiKeyRequest): Promise<{ apiKey: string; key: ApiKey }> {
      // A leaked key must not survive its own revocation through a successor it made.
      if (manager.viaKey) throw new DomainError('API_KEY_CANNOT_CREATE_KEYS');
      const scope = input.scope as ApiKeyScope;
      const permissions = [...new Set(input.permissions)] as ApiKey['permissions'];
      if (input.expiresAt && Date.parse(input.expiresAt) <= deps.clock.now().getTime()) {
        throw invalidField('expiresAt', 'Expiry must be in the future');
      }
      const minted = mintApiKey();
      const id = newId();
      await insertApiKey(
        db,
        {
          id,
          tenantId: manager.tenantId,
          name: input.name,
          description: input.description ?? null,
          prefix: minted.prefix,
          lastFour: minted.lastFour,
          keyHash: minted.secretHash,
          scope,
          permissions,
          expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
          createdByUserId: manager.userId || null,
        },
        now(),
      );
      const key = await existing(manager.tenantId, id);
      await audit.byActor('api-key.created', manager, {
        keyId: id,
        name: key.name,
        scope: key.scope,
        permissions: key.permissions,
        expiresAt: key.expiresAt,
      });
      return { apiKey: minted.key, key };
    },

    async update(manager: KeyManager, id: string, change: UpdateApiKeyRequest): Promise<ApiKey> {
      const { tenantId } = manager;
      // Scope and permissions are fixed at creation; reactivation would undo a revocation, which only a person may.
      if (manager.viaKey && change.active === true && !(await existing(tenantId, id)).active) {
        throw new DomainError('API_KEY_CANNOT_REACTIVATE');
      }
      if (!(await updateApiKey(db, tenantId, id, change, now()))) await existing(tenantId, id);
      await announce(tenantId);
      // Deactivating a key is how it is revoked; the change says so.
      await audit.byActor('api-key.updated', manager, { keyId: id, change });
      return existing(tenantId, id);
    },

    async remove(manager: KeyManager, id: string): Promise<void> {
      const { tenantId } = manager;
      if (!(await deleteApiKey(db, tenantId, id)))
        throw new DomainError('NOT_FOUND', 'No API key of your tenant has this id.');
      await announce(tenantId);
      await audit.byActor('api-key.deleted', manager, { keyId: id });
    },

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
