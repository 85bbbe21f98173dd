import type { Middleware, ParameterizedContext } from 'koa';
import { API_PREFIX, ROLES_BY_ACCESS } from '@shared/api/routes';
import type { ApiKeyScope } from '@shared/api/permissions';
import { isAdminRole, isBillingUsable, type BillingStatus, type Role } from '@shared/domain/roles';
import type { AppDeps } from '../app-deps';
import { createJwtSigner, type JwtSigner } from '../lib/jwt';
import { DomainError } from '../domain/domain-error';
import { API_KEY_MARK } from '../modules/api-keys/api-key-format';
import type { ApiKeysService } from '../modules/api-keys/api-keys.service';
import type { RequestMeta, TenantActor } from '../modules/audit/audit.service';
import { dialectOf } from '../db/database';
import { createTenantShare } from './tenant-share';
import type { Principal } from '../modules/auth/principals.service';

/** Who is calling: from a verified token, checked against the current session, role and tenant per request. */
export interface AuthContext {
  userId: string;
  tenantId: string | null;
  role: Role;
  /** The tenant's billing status as of the principal lookup (at most the principal cache's TTL old). */
  billingStatus: BillingStatus | null;
  /** The sign-in this token belongs to (its refresh-token family); null for a request made with an API key. */
  sessionId: string | null;
  /** The API key the request came with: it acts for its tenant with the rights of its scope and permissions. */
  apiKey: { id: string; scope: ApiKeyScope; permissions: readonly string[] } | null;
  /**
   * The caller's role as of now, checked again as on a new request through the principal cache; null once the
   * session or key no longer stands (logout, revocation, removal, a role change). For long-lived responses.
   */
  currentRole(): Promise<Role | null>;
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

/** The guards a row of the route table (shared/api/routes.ts) is served behind; see http/api-router.ts. */
export interface Guards {
  /**
   * Requires a valid access token, or an API key (`Authorization: Bearer prly_…` or `X-API-Key`) whose scope and
   * permissions allow this route (its row in shared/api/routes.ts); sets ctx.state.auth.
   */
  authenticate: Middleware<AppState>;
  requireAdmin: Middleware<AppState>;
  requireSuperadmin: Middleware<AppState>;
  /** Requires the caller to belong to a tenant (superadmins without one get 404). */
  requireTenant: Middleware<AppState>;
  /** 402 unless the tenant's billing status lets it use the product; the current status, not the token's. */
  billingGate: Middleware<AppState>;
}

/** RFC 6750 §2.1: the scheme is case-insensitive (RFC 9110 §11.1); the credentials are a token68. */
const BEARER = /^bearer +([A-Za-z0-9._~+/-]{1,4096}=*)$/i;

const sessionExpired = () => new DomainError('AUTH_TOKEN_INVALID', 'Authentication expired. Please log in again.');

/**
 * A token stays good only while its session is live, its user active, its tenant still the user's, and it was
 * issued under the user's current session version: logout, a password reset, reuse detection, removal or a role
 * change end it at the next request, and changing the role back does not revive it (the version only increases).
 */
function isCurrent(principal: Principal, claims: Record<string, unknown>, now: Date): boolean {
  return (
    principal.userId === claims.sub &&
    principal.active &&
    !principal.sessionRevoked &&
    principal.sessionExpiresAt > now.toISOString() &&
    principal.role === claims.role &&
    principal.sessionVersion === claims.ver &&
    principal.tenantId === (claims.tid ?? null)
  );
}

/** The API key a request presents, if any: in X-API-Key, or as a bearer credential that carries the key's mark. */
function presentedApiKey(ctx: AppContext, bearer: string | undefined): string | null {
  const header = ctx.get('x-api-key');
  if (header) return header;
  return bearer?.startsWith(API_KEY_MARK) ? bearer : null;
}

/** The route pattern under the API prefix that koa-router matched for the running handler: `/agents/:id`. */
function matchedPattern(ctx: AppContext): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof matched === 'string' && matched.startsWith(API_PREFIX) ? matched.slice(API_PREFIX.length) : '';
}

export function createGuards(
  deps: Pick<AppDeps, 'clock' | 'principals' | 'config' | 'db'>,
  signer: JwtSigner,
  apiKeys: Pick<ApiKeysService, 'authenticate' | 'stillAllowed'>,
): Guards {
  const authenticate: Middleware<AppState> = async (ctx, next) => {
    const match = BEARER.exec(ctx.get('authorization'));
    const apiKey = presentedApiKey(ctx, match?.[1]);
    if (apiKey !== null) {
      const request = { method: ctx.method, pattern: matchedPattern(ctx) };
      const caller = await apiKeys.authenticate(apiKey, { ...request, ...requestMetaOf(ctx) });
      // A key acts as an admin of its tenant within what its scope and permissions allowed above; never superadmin.
      ctx.state.auth = {
        userId: caller.userId,
        tenantId: caller.tenantId,
        role: 'admin',
        billingStatus: caller.billingStatus,
        sessionId: null,
        apiKey: { id: caller.keyId, scope: caller.scope, permissions: caller.permissions },
        currentRole: async () => ((await apiKeys.stillAllowed(apiKey, request)) ? 'admin' : null),
      };
      await next();
      return;
    }
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
      apiKey: null,
      async currentRole() {
        const latest = await deps.principals.get(principal.sessionId);
        return latest && isCurrent(latest, claims, deps.clock.now()) ? latest.role : null;
      },
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

  const tenantShare = createTenantShare(deps.config.tenantConcurrentRequests, {
    pacesQueries: dialectOf(deps.db).queriesBlock,
  });
  const requireTenant: Middleware<AppState> = async (ctx, next) => {
    if (!ctx.state.auth) throw new DomainError('AUTH_REQUIRED');
    const { tenantId } = ctx.state.auth;
    if (!tenantId) throw new DomainError('NOT_FOUND');
    await tenantShare.run(tenantId, next);
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

  return {
    authenticate,
    requireAdmin: requireRole(...ROLES_BY_ACCESS.admin),
    requireSuperadmin: requireRole(...ROLES_BY_ACCESS.superadmin),
    requireTenant,
    billingGate,
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

/**
 * The caller acting on a team under /tenants/:tenantId: only their own tenant's, so another tenant's id is not found.
 */
export function teamActorOf(ctx: AppContext): TenantActor & { viaKey: AuthContext['apiKey'] } {
  const tenantId = tenantIdOf(ctx);
  const named = ctx.params.tenantId;
  if (named !== undefined && named !== tenantId) throw new DomainError('NOT_FOUND');
  const auth = authOf(ctx);
  return { tenantId, userId: auth.userId, viaKey: auth.apiKey, origin: requestMetaOf(ctx) };
}

/** Where the request came from, for throttles and the audit log. */
export function requestMetaOf(ctx: AppContext): RequestMeta {
  return { ip: ctx.ip, requestId: ctx.state.requestId };
}
