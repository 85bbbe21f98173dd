import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import { recordAudit, type AuditEntry } from './audit.store';

export type AuditService = ReturnType<typeof createAuditService>;
export type { AuditEvent } from './audit.store';

/** The security audit log: other modules record their events through this, stamped with the current time. */
export function createAuditService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    record: (entry: Omit<AuditEntry, 'occurredAt'>) =>
      recordAudit(deps.db, { ...entry, occurredAt: isoNow(deps.clock) }),
  };
}
