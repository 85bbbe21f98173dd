import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import { recordAudit, type AuditEntry } from './audit.store';

import type { AuditEvent } from './audit.store';

export type AuditService = ReturnType<typeof createAuditService>;
export type { AuditEvent } from './audit.store';

/** Where a request came from, for throttling and the audit log. */
export interface RequestMeta {
  ip: string;
  requestId: string;
}

/** A signed-in member acting for their tenant, and the request they act through. */
export interface TenantActor {
  tenantId: string;
  userId: string;
  origin: RequestMeta;
}

/** The security audit log: other modules record their events through this, stamped with the current time. */
export function createAuditService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const record = (entry: Omit<AuditEntry, 'occurredAt'>) =>
    recordAudit(deps.db, { ...entry, occurredAt: isoNow(deps.clock) });
  return {
    record,
    /** What a member did for their tenant (details name the subject, never a secret). */
    byActor: (event: AuditEvent, actor: TenantActor, details: Record<string, unknown>) =>
      record({
        event,
        tenantId: actor.tenantId,
        actorUserId: actor.userId || null,
        ip: actor.origin.ip,
        requestId: actor.origin.requestId,
        details,
      }),
  };
}
