import { BILLING_STATUSES, ROLES, type BillingStatus, type Role } from '@shared/domain/roles';
import { toBool, toIso, type Db } from '../../db/database';

/** What every authenticated request must know about its caller, current as of the lookup. */
export interface Principal {
  sessionId: string;
  userId: string;
  tenantId: string | null;
  role: Role;
  active: boolean;
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
    .first('f.user_id', 'f.revoked_at', 'f.expires_at', 'u.tenant_id', 'u.role', 'u.active', 't.billing_status');
  if (!row || !isRole(row.role)) return null;
  return {
    sessionId,
    userId: row.user_id,
    tenantId: row.tenant_id ?? null,
    role: row.role,
    active: toBool(row.active),
    billingStatus: isBillingStatus(row.billing_status) ? row.billing_status : null,
    sessionRevoked: row.revoked_at !== null && row.revoked_at !== undefined,
    sessionExpiresAt: toIso(row.expires_at),
  };
}
