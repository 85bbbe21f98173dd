import type { AuthUser } from '@shared/api/auth.types';
import { catalogueEntry } from '@shared/api/error-catalogue';
import { roleMayCall, type ApiRoute, type HttpMethod } from '@shared/api/routes';
import type { Role } from '@shared/domain/roles';

/** Who may open a screen (spec 000 §6, spec 001 §2 and §6); the server refuses the same people on its side. */
export interface Access {
  /** The roles let in; everyone signed in when absent. */
  roles?: readonly Role[];
  /** What a signed-in user of another role is told instead of the screen. */
  deniedText?: string;
  /** The screen shows one tenant's data, so an account without a tenant (a platform superadmin) has nothing there. */
  tenant?: boolean;
}

export type AccessDecision = { allowed: true } | { allowed: false; reason: 'role'; text: string } | NoTenant;
type NoTenant = { allowed: false; reason: 'no-tenant' };

type Viewer = Pick<AuthUser, 'role' | 'tenantId'> | null | undefined;

const ADMINS: readonly Role[] = ['admin', 'superadmin'];

/** The screens' access rules, shared by the route table (which guards) and the navigation (which hides). */
export const ACCESS = {
  tenant: { tenant: true },
  // The page itself says when there is no tenant, in the spec's words (spec 001 §2).
  account: {
    roles: ADMINS,
    deniedText: 'Access Denied: You are not authorized to manage this account.',
  },
  apiKeys: { tenant: true, roles: ADMINS, deniedText: 'You need administrator privileges to manage API keys.' },
  webhooks: { tenant: true, roles: ADMINS, deniedText: 'You need administrator privileges to manage webhooks.' },
  operations: { tenant: true, roles: ADMINS, deniedText: 'You need administrator privileges to watch operations.' },
  superadmin: { roles: ['superadmin'], deniedText: catalogueEntry(403).message },
} as const satisfies Record<string, Access>;

export function decideAccess(access: Access | undefined, viewer: Viewer): AccessDecision {
  if (!access) return { allowed: true };
  if (access.roles && !(viewer && access.roles.includes(viewer.role))) {
    return { allowed: false, reason: 'role', text: access.deniedText ?? catalogueEntry(403).message };
  }
  if (access.tenant && !viewer?.tenantId) return { allowed: false, reason: 'no-tenant' };
  return { allowed: true };
}

/** A superadmin who belongs to no tenant: their home is the platform's, not a tenant's dashboard. */
export function isPlatformAccount(viewer: Viewer): boolean {
  return viewer?.role === 'superadmin' && !viewer.tenantId;
}

/** Whether the viewer's role may call this method of an API route: a screen offers only what the server would do. */
export function mayCall<M extends HttpMethod>(viewer: Viewer, route: ApiRoute<string, M>, method: M): boolean {
  return !!viewer && roleMayCall(route.operation(method), viewer.role);
}

/** Why an action of the account's billing is not offered to someone who may not call it. */
export const BILLING_ADMINS_ONLY = 'Only an admin of your account can change its plan, cards or billing.';
