import type { Middleware, ParameterizedContext } from 'koa';
import { isAdminRole, isBillingUsable, type BillingStatus, type Role } from '@shared/domain/roles';
import type { AppDeps } from '../app-deps';
import { createJwtSigner, type JwtSigner } from '../lib/jwt';
import { DomainError } from '../domain/domain-error';

/** Who is calling, taken only from a verified token; never from the body, query or headers. */
export interface AuthContext {
  userId: string;
  tenantId: string | null;
  role: Role;
  billingStatus: BillingStatus | null;
}

export interface AppState {
  requestId: string;
  auth?: AuthContext;
}

export type AppContext = ParameterizedContext<AppState>;

export const ACCESS_TOKEN_ISSUER = 'parley';
export const ACCESS_TOKEN_AUDIENCE = 'parley-api';

export function createAccessTokenSigner(deps: Pick<AppDeps, 'config'>): JwtSigner {
  return createJwtSigner(deps.config.jwtSecret, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE);
}

export interface Guards {
  /** Requires a valid access token; sets ctx.state.auth. */
  authenticate: Middleware<AppState>;
  /** Requires one of the roles (after authenticate). */
  requireRole(...roles: Role[]): Middleware<AppState>;
  requireAdmin: Middleware<AppState>;
  requireSuperadmin: Middleware<AppState>;
  /** Requires the caller to belong to a tenant (superadmins without one get 404). */
  requireTenant: Middleware<AppState>;
  /** 402 unless the tenant's billing status lets it use the product; reads the current status, not the token's. */
  billingGate: Middleware<AppState>;
  /** A signed-in member of a tenant whose billing is usable: what most tenant routes need. */
  tenantMember: readonly Middleware<AppState>[];
  /** The same, and an admin of that tenant (or a superadmin). */
  tenantAdmin: readonly Middleware<AppState>[];
}

const ROLE_VALUES: readonly string[] = ['user', 'admin', 'superadmin'];

export function createGuards(deps: Pick<AppDeps, 'config' | 'db' | 'clock'>, signer: JwtSigner): Guards {
  const authenticate: Middleware<AppState> = async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(header);
    if (!match?.[1]) throw new DomainError('AUTH_REQUIRED');
    const claims = signer.verify(match[1], Math.floor(deps.clock.now().getTime() / 1000));
    if (
      !claims ||
      claims.typ !== 'access' ||
      typeof claims.sub !== 'string' ||
      typeof claims.role !== 'string' ||
      !ROLE_VALUES.includes(claims.role)
    ) {
      throw new DomainError('AUTH_TOKEN_INVALID', 'Authentication expired. Please log in again.');
    }
    ctx.state.auth = {
      userId: claims.sub,
      tenantId: typeof claims.tid === 'string' ? claims.tid : null,
      role: claims.role as Role,
      billingStatus: typeof claims.bst === 'string' ? (claims.bst as BillingStatus) : null,
    };
    await next();
  };

  const requireRole =
    (...roles: Role[]): Middleware<AppState> =>
    async (ctx, next) => {
      const auth = ctx.state.auth;
      if (!auth) throw new DomainError('AUTH_REQUIRED');
      if (!roles.includes(auth.role)) throw new DomainError('FORBIDDEN');
      await next();
    };

  const requireTenant: Middleware<AppState> = async (ctx, next) => {
    if (!ctx.state.auth) throw new DomainError('AUTH_REQUIRED');
    if (!ctx.state.auth.tenantId) throw new DomainError('NOT_FOUND');
    await next();
  };

  const billingGate: Middleware<AppState> = async (ctx, next) => {
    const auth = ctx.state.auth;
    if (!auth) throw new DomainError('AUTH_REQUIRED');
    if (auth.role !== 'superadmin') {
      if (!auth.tenantId) throw new DomainError('NOT_FOUND');
      const tenant = await deps.db('tenants').where({ id: auth.tenantId }).first('billing_status');
      const status = String(tenant?.billing_status ?? 'inactive');
      if (!isBillingUsable(status)) {
        const message =
          status === 'delinquent'
            ? 'Your payment failed or is past due. Please update your payment method.'
            : status === 'canceled'
              ? 'Your subscription has been canceled. Please reactivate it to continue.'
              : 'Please add a payment method to activate your account.';
        throw new DomainError('PAYMENT_REQUIRED', message, { billingStatus: status });
      }
    }
    await next();
  };

  const requireAdmin = requireRole('admin', 'superadmin');
  return {
    authenticate,
    requireRole,
    requireAdmin,
    requireSuperadmin: requireRole('superadmin'),
    requireTenant,
    billingGate,
    tenantMember: [authenticate, requireTenant, billingGate],
    tenantAdmin: [authenticate, requireTenant, requireAdmin, billingGate],
  };
}

/** The caller's tenant id, for tenant-scoped handlers placed after requireTenant. */
export function tenantIdOf(ctx: AppContext): string {
  const tenantId = ctx.state.auth?.tenantId;
  if (!tenantId) throw new DomainError('NOT_FOUND');
  return tenantId;
}

export function authOf(ctx: AppContext): AuthContext {
  const auth = ctx.state.auth;
  if (!auth) throw new DomainError('AUTH_REQUIRED');
  return auth;
}

export { isAdminRole };
