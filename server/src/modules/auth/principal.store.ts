import { API_KEY_SCOPES, type ApiKeyScope } from '@shared/api/permissions';
import { BILLING_STATUSES, ROLES, type BillingStatus, type Role } from '@shared/domain/roles';
import { parseJson, toBool, toIso, toIsoOrNull, type Db } from '../../db/database';

/** What every authenticated request must know about its caller, current as of the lookup. */
export interface Principal {
  sessionId: string;
  userId: string;
  tenantId: string | null;
  role: Role;
  active: boolean;
  /** The user's session version: an access token issued under another one is no longer good. */
  sessionVersion: number;
  /** The tenant's billing status; null for a user without a tenant (a superadmin). */
  billingStatus: BillingStatus | null;
  sessionRevoked: boolean;
  sessionExpiresAt: string;
}

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
const isBillingStatus = (value: unknown): value is BillingStatus =>
  (BILLING_STATUSES as readonly unknown[]).includes(value);

/**
 * The session (a refresh-token family, which auth owns), its user and the user's tenant in one indexed round trip.
 * It reads `users` and `tenants`, which the users and tenants modules own, because the request path cannot afford
 * three queries; it only reads, and those modules, the only writers, invalidate the principal cache on change.
 */
export async function findPrincipal(db: Db, sessionId: string): Promise<Principal | null> {
  const row = await db('refresh_token_families as f')
    .join('users as u', 'u.id', 'f.user_id')
    .leftJoin('tenants as t', 't.id', 'u.tenant_id')
    .where('f.id', sessionId)
    .first(
      'f.user_id',
      'f.revoked_at',
      'f.expires_at',
      'u.tenant_id',
      'u.role',
      'u.active',
      'u.session_version',
      't.billing_status',
    );
  if (!row || !isRole(row.role)) return null;
  return {
    sessionId,
    userId: row.user_id,
    tenantId: row.tenant_id ?? null,
    role: row.role,
    active: toBool(row.active),
    sessionVersion: Number(row.session_version),
    billingStatus: isBillingStatus(row.billing_status) ? row.billing_status : null,
    sessionRevoked: row.revoked_at !== null && row.revoked_at !== undefined,
    sessionExpiresAt: toIso(row.expires_at),
  };
}

/** What every request made with an API key must know about the key, current as of the lookup. */
export interface ApiKeyPrincipal {
  keyId: string;
  /** `prly_` and the key's id: a presented key must carry the same. */
  prefix: string;
  tenantId: string;
  /** The admin who created the key, who acts through it; empty when unknown. */
  userId: string;
  scope: ApiKeyScope;
  permissions: string[];
  active: boolean;
  expiresAt: string | null;
  billingStatus: BillingStatus | null;
}

/** What a request made with an API key needs to know of the key and its tenant. */
const API_KEY_PRINCIPAL_COLUMNS = [
  'k.id',
  'k.key_prefix',
  'k.tenant_id',
  'k.created_by_user_id',
  'k.scope',
  'k.permissions',
  'k.active',
  'k.expires_at',
  't.billing_status',
];

const isScope = (value: unknown): value is ApiKeyScope => (API_KEY_SCOPES as readonly unknown[]).includes(value);

/**
 * The key with this hash and its tenant's billing status in one indexed round trip. It reads `api_keys`, which the
 * api-keys module owns, for the same reason findPrincipal reads `users`: that module, the only writer, invalidates
 * the cache on every change.
 */
export async function findApiKeyPrincipal(db: Db, keyHash: string): Promise<ApiKeyPrincipal | null> {
  const row = await db('api_keys as k')
    .join('tenants as t', 't.id', 'k.tenant_id')
    .where('k.api_key_hash', keyHash)
    .first(...API_KEY_PRINCIPAL_COLUMNS);
  if (!row || !isScope(row.scope)) return null;
  const permissions = parseJson<unknown>(row.permissions, []);
  return {
    keyId: row.id,
    prefix: row.key_prefix,
    tenantId: row.tenant_id,
    userId: row.created_by_user_id ?? '',
    scope: row.scope,
    permissions: Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string') : [],
    active: toBool(row.active),
    expiresAt: toIsoOrNull(row.expires_at),
    billingStatus: isBillingStatus(row.billing_status) ? row.billing_status : null,
  };
}
