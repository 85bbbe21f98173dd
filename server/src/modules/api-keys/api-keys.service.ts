import type { ApiKey } from '@shared/api/api-keys.types';
import { keyMayCall, keyRequirement, scopeCovers, type ApiKeyScope } from '@shared/api/permissions';
import type { CreateApiKeyRequest, UpdateApiKeyRequest } from '@shared/schemas/api-key.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { randomToken, sha256Hex } from '../../lib/secrets';
import type { ApiKeyPrincipal } from '../auth/principals.service';
import { createRateLimits } from '../auth/throttle.service';
import { deleteApiKey, findApiKey, insertApiKey, listApiKeys, recordApiKeyUse, updateApiKey } from './api-keys.store';

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/** Every key starts with this, so a key is told from an access token, and a leaked one is easy to search for. */
export const API_KEY_MARK = 'prly_';
/** The stored prefix: the mark and the first characters of the secret, enough to tell keys apart in the list. */
const PREFIX_LENGTH = API_KEY_MARK.length + 8;
/** last_used_at and last_used_ip are written at most once a minute per key. */
const LAST_USED_COALESCE_MS = 60_000;

/** Who creates or changes keys: a signed-in admin (no key), or a key of the admin scope acting for its tenant. */
export interface KeyManager {
  tenantId: string;
  userId: string;
  /** The key the request came with, if any: it can never mint a key wider than itself. */
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
export function createApiKeysService(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'principals'>) {
  const { db } = deps;
  const now = () => isoNow(deps.clock);
  const limits = createRateLimits(db);
  const perKey = limits.limiter('api-key', deps.config.apiKeyRequestsPerMinute, 60);
  /** When this instance last recorded each key's use; the conditional write covers the other instances. */
  const lastRecorded = new Map<string, number>();

  /** Every instance drops its cached copy of the tenant's keys (and sessions) at once. */
  const announce = (tenantId: string) => deps.principals.invalidate({ tenantId });

  async function recordUse(keyId: string, ip: string): Promise<void> {
    const at = deps.clock.now().getTime();
    if (at - (lastRecorded.get(keyId) ?? -Infinity) < LAST_USED_COALESCE_MS) return;
    lastRecorded.set(keyId, at);
    // Bounded like the principal cache: the oldest entry goes first.
    if (lastRecorded.size > 10_000) lastRecorded.delete(lastRecorded.keys().next().value as string);
    await recordApiKeyUse(
      db,
      keyId,
      ip,
      new Date(at).toISOString(),
      new Date(at - LAST_USED_COALESCE_MS).toISOString(),
    );
  }

  async function existing(tenantId: string, id: string): Promise<ApiKey> {
    const key = await findApiKey(db, tenantId, id);
    if (!key) throw new DomainError('NOT_FOUND', 'No API key of your tenant has this id.');
    return key;
  }

  return {
    list: (tenantId: string) => listApiKeys(db, tenantId),

    async create(manager: KeyManager, input: CreateApiKeyRequest): Promise<{ apiKey: string; key: ApiKey }> {
      const scope = input.scope as ApiKeyScope;
      const permissions = [...new Set(input.permissions)] as ApiKey['permissions'];
      if (manager.viaKey) {
        if (!scope || !scopeCovers(manager.viaKey.scope, scope)) {
          throw new DomainError('FORBIDDEN', 'An API key cannot create a key with a wider scope than its own.');
        }
        const held = manager.viaKey.permissions;
        if (permissions.some((permission) => !held.includes(permission))) {
          throw new DomainError('FORBIDDEN', 'An API key cannot grant permissions it does not have.');
        }
      }
      if (input.expiresAt && Date.parse(input.expiresAt) <= deps.clock.now().getTime()) {
        throw invalidField('expiresAt', 'Expiry must be in the future');
      }
      const secret = randomToken(API_KEY_MARK);
      const id = newId();
      await insertApiKey(
        db,
        {
          id,
          tenantId: manager.tenantId,
          name: input.name,
          description: input.description ?? null,
          prefix: secret.slice(0, PREFIX_LENGTH),
          keyHash: sha256Hex(secret),
          scope,
          permissions,
          expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
          createdByUserId: manager.userId || null,
        },
        now(),
      );
      return { apiKey: secret, key: await existing(manager.tenantId, id) };
    },

    async update(tenantId: string, id: string, change: UpdateApiKeyRequest): Promise<ApiKey> {
      if (!(await updateApiKey(db, tenantId, id, change, now()))) await existing(tenantId, id);
      await announce(tenantId);
      return existing(tenantId, id);
    },

    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await deleteApiKey(db, tenantId, id)))
        throw new DomainError('NOT_FOUND', 'No API key of your tenant has this id.');
      await announce(tenantId);
    },

    /**
     * The caller a presented key stands for on `method` of the route `pattern` (under the API prefix): refused
     * unless the key exists, is active and unexpired, and its scope and permissions allow the route; then counted
     * against the key's rate limit, and its use recorded.
     */
    async authenticate(
      presented: string,
      request: { method: string; pattern: string; ip: string },
    ): Promise<KeyCaller> {
      const key = presented.startsWith(API_KEY_MARK) ? await deps.principals.apiKey(sha256Hex(presented)) : null;
      if (!key || !key.active || (key.expiresAt !== null && key.expiresAt <= now())) {
        throw new DomainError('API_KEY_INVALID');
      }
      if (!keyMayCall(key, request.method, keyRequirement(request.method, request.pattern))) {
        throw new DomainError('FORBIDDEN', 'This API key does not allow this request.');
      }
      await limits.consume(perKey, key.keyId, 'API_KEY_THROTTLED');
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
