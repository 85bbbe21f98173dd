import type { Middleware, ParameterizedContext } from 'koa';
import { isAdminRole, isBillingUsable, type BillingStatus, type Role } from '@shared/domain/roles';
import type { AppDeps } from '../app-deps';
import { createJwtSigner, type JwtSigner } from '../lib/jwt';
import { DomainError } from '../domain/domain-error';
import type { Principal } from '../modules/auth/principals.service';

/** Who is calling: from a verified token, checked against the current session, role and tenant per request. */
export interface AuthContext {
  userId: string;
  tenantId: string | null;
  role: Role;
  /** The tenant's billing status as of the principal lookup (at most the principal cache's TTL old). */
  billingStatus: BillingStatus | null;
  /** The sign-in this token belongs to (its refresh-token family). */
  sessionId: string;
}

export interface AppState {
  requestId: string;
  auth?: AuthContext;
}

export type AppContext = ParameterizedContext<AppState>;

export const ACCESS_TOKEN_ISSUER = 'parley';
export const ACCESS_TOKEN_AUDIENCE = 'parley-api';

export function createAccessTokenSigner(deps: Pick<AppDeps, 'config'>): JwtSigner {
  return createJwtSigner(deps.config.jwtSecret, {
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    maxLifetimeSec: deps.config.accessTokenTtlSec,
  });
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
  /** 402 unless the tenant's billing status lets it use the product; the current status, not the token's. */
  billingGate: Middleware<AppState>;
  /** A signed-in member of a tenant whose billing is usable: what most tenant routes need. */
  tenantMember: readonly Middleware<AppState>[];
  /** The same, and an admin of that tenant (or a superadmin). */
  tenantAdmin: readonly Middleware<AppState>[];
}

/** RFC 6750 §2.1: the scheme is case-insensitive (RFC 9110 §11.1); the credentials are a token68. */
const BEARER = /^bearer +([A-Za-z0-9._~+/-]{1,4096}=*)$/i;

const sessionExpired = () => new DomainError('AUTH_TOKEN_INVALID', 'Authentication expired. Please log in again.');

/**
 * A token stays good only while its session is live, its user active, and its role and tenant are still the
 * user's: logout, a password reset, reuse detection, removal or a role change end it at the next request.
 */
function isCurrent(principal: Principal, claims: Record<string, unknown>, now: Date): boolean {
  return (
    principal.userId === claims.sub &&
    principal.active &&
    !principal.sessionRevoked &&
    principal.sessionExpiresAt > now.toISOString() &&
    principal.role === claims.role &&
    principal.tenantId === (claims.tid ?? null)
  );
}

export function createGuards(deps: Pick<AppDeps, 'clock' | 'principals'>, signer: JwtSigner): Guards {
  const authenticate: Middleware<AppState> = async (ctx, next) => {
    const match = BEARER.exec(ctx.get('authorization'));
    if (!match?.[1]) throw new DomainError('AUTH_REQUIRED');
    const now = deps.clock.now();
    const claims = signer.verify(match[1], Math.floor(now.getTime() / 1000));
    if (!claims || claims.typ !== 'access' || typeof claims.sid !== 'string') throw sessionExpired();
    const principal = await deps.principals.get(claims.sid);
    if (!principal || !isCurrent(principal, claims, now)) throw sessionExpired();
    ctx.state.auth = {
      userId: principal.userId,
      tenantId: principal.tenantId,
      role: principal.role,
      billingStatus: principal.billingStatus,
      sessionId: principal.sessionId,
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
      const status = auth.billingStatus ?? 'inactive';
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
