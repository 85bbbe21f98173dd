import type { AppDeps } from '../../app-deps';
import type { JwtSigner } from '../../lib/jwt';
import type { AuditEvent, AuditService, RequestMeta } from '../audit/audit.service';
import type { InvitationsService } from '../invitations/invitations.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsersService } from '../users/users.service';
import { createThrottle } from './throttle.service';

export type AuthDeps = Pick<AppDeps, 'config' | 'db' | 'clock' | 'mail' | 'logger' | 'principals'>;
export interface AuthModules {
  users: UsersService;
  tenants: TenantsService;
  invitations: InvitationsService;
  audit: AuditService;
}
export type AuthContext = ReturnType<typeof createAuthContext>;

/** What every part of the auth service shares: its dependencies, the throttle, the clock's helpers and the audit. */
export function createAuthContext(deps: AuthDeps, signer: JwtSigner, modules: AuthModules) {
  const { clock } = deps;
  const audit = (
    event: AuditEvent,
    meta: RequestMeta,
    extra: { tenantId?: string | null; userId?: string | null; details?: Record<string, unknown> } = {},
  ) =>
    modules.audit.record({
      event,
      tenantId: extra.tenantId ?? null,
      actorUserId: extra.userId ?? null,
      ip: meta.ip,
      requestId: meta.requestId,
      details: extra.details,
    });
  return {
    deps,
    signer,
    modules,
    throttle: createThrottle(deps.db, deps.config),
    audit,
    nowIso: () => clock.now().toISOString(),
    inSeconds: (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString(),
  };
}
