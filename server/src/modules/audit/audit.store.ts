import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';

export type AuditEvent =
  | 'auth.login.succeeded'
  | 'auth.login.failed'
  | 'auth.login.throttled'
  | 'auth.register'
  | 'auth.register.taken'
  | 'auth.refresh.reused'
  | 'auth.logout'
  | 'auth.password.reset-requested'
  | 'auth.password.reset'
  | 'auth.email.verified'
  | 'api-key.created'
  | 'api-key.updated'
  | 'api-key.deleted'
  | 'api-key.refused'
  | 'team.invited'
  | 'team.invitation.resent'
  | 'team.invitation.revoked'
  | 'team.member.removed'
  | 'team.member.role-changed'
  | 'data-policy.updated';

export interface AuditEntry {
  event: AuditEvent;
  occurredAt: string;
  tenantId?: string | null;
  actorUserId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

/** Security events for the audit log; never secrets, tokens or passwords in details. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert({
    id: newId(),
    occurred_at: entry.occurredAt,
    tenant_id: entry.tenantId ?? null,
    actor_user_id: entry.actorUserId ?? null,
    event: entry.event,
    ip: entry.ip ?? null,
    request_id: entry.requestId ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}
