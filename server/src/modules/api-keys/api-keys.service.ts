import type { ApiKey } from '@shared/api/api-keys.types';
import type { ApiKeyScope } from '@shared/api/permissions';
import type { CreateApiKeyRequest, UpdateApiKeyRequest } from '@shared/schemas/api-key.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { AuditService, TenantActor } from '../audit/audit.service';
import { mintApiKey } from './api-key-format';
import { createApiKeyAuthentication } from './api-key-authentication';
import { deleteApiKey, findApiKey, insertApiKey, listApiKeys, updateApiKey } from './api-keys.store';

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/** Who creates or changes keys: a signed-in admin (no key), or a key of the admin scope acting for its tenant. */
export interface KeyManager extends TenantActor {
  /** The key the request came with, if any: it never creates, reactivates or widens a key. */
  viaKey: { scope: ApiKeyScope; permissions: readonly string[] } | null;
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
  const authentication = createApiKeyAuthentication(deps, audit);

  /** Every instance drops its cached copy of the tenant's keys (and sessions) at once. */
  const announce = (tenantId: string) => deps.principals.invalidate({ tenantId });

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

    ...authentication,
  };
}
