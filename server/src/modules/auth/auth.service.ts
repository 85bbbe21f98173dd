import type { AuthResponse, AuthStatusResponse, TokenPair } from '@shared/api/auth.types';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@shared/schemas/auth.schema';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { newId } from '../../lib/ids';
import type { JwtSigner } from '../../lib/jwt';
import { hashPassword, openWithToken, randomToken, sealWithToken, sha256Hex, verifyPassword } from '../../lib/secrets';
import type { AuditEvent, AuditService, RequestMeta } from '../audit/audit.service';
import type { InvitationsService } from '../invitations/invitations.service';
import type { TenantsService } from '../tenants/tenants.service';
import { toAuthUser, type AccountTokenKind, type UserRecord, type UsersService } from '../users/users.service';
import * as refreshTokens from './refresh-tokens.store';
import { createThrottle } from './throttle.service';

/** How long each kind of account token lasts and which screen its link opens. */
const ACCOUNT_TOKENS = {
  'verify-email': { ttlSec: 24 * 3600, path: '/verify-email' },
  'reset-password': { ttlSec: 3600, path: '/reset-password' },
} as const satisfies Record<AccountTokenKind, { ttlSec: number; path: string }>;
const INVALID_CREDENTIALS = 'Invalid credentials';
const SESSION_EXPIRED = 'Authentication expired. Please log in again.';

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, registration, sessions and account tokens. Knows nothing of HTTP. */
export function createAuthService(
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'mail' | 'logger' | 'principals'>,
  signer: JwtSigner,
  modules: { users: UsersService; tenants: TenantsService; invitations: InvitationsService; audit: AuditService },
) {
  const { config, db, clock, principals } = deps;
  const { users, tenants, invitations } = modules;
  const throttle = createThrottle(db, config);
  const nowIso = () => clock.now().toISOString();
  const inSeconds = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();
  // Hashed on the unknown-e-mail path so that it costs what a wrong password costs.
  const dummyHash = hashPassword(randomToken(), config.passwordHashCost);

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

  /** An access token bound to its session (`sid`), which the guards check on every request. */
  async function accessTokenFor(user: UserRecord, sessionId: string): Promise<string> {
    const tenant = user.tenantId ? await tenants.find(user.tenantId) : undefined;
    return signer.sign(
      {
        typ: 'access',
        sub: user.id,
        sid: sessionId,
        tid: user.tenantId,
        role: user.role,
        ver: user.sessionVersion,
        bst: tenant?.billingStatus ?? null,
      },
      config.accessTokenTtlSec,
      Math.floor(clock.now().getTime() / 1000),
    );
  }

  async function storeRefreshToken(trx: Db, token: string, familyId: string, familyExpiresAt: string) {
    const idleExpiry = inSeconds(config.refreshIdleTtlSec);
    await refreshTokens.insertToken(
      trx,
      familyId,
      sha256Hex(token),
      nowIso(),
      idleExpiry < familyExpiresAt ? idleExpiry : familyExpiresAt,
    );
  }

  async function startSession(user: UserRecord): Promise<AuthResponse> {
    const familyExpiresAt = inSeconds(config.refreshTokenTtlSec);
    const refreshToken = randomToken('rt_');
    const familyId = await db.transaction(async (trx) => {
      const id = await refreshTokens.createFamily(trx, user.id, nowIso(), familyExpiresAt);
      await storeRefreshToken(trx, refreshToken, id, familyExpiresAt);
      return id;
    });
    const accessToken = await accessTokenFor(user, familyId);
    return { accessToken, refreshToken, tokens: { accessToken, refreshToken }, user: toAuthUser(user) };
  }

  /**
   * Rotates a refresh token: its successor is stored, and sealed with the presented token on the old row in the
   * same conditional update. Null when another request rotated it first.
   */
  async function rotate(record: refreshTokens.RefreshTokenRecord, presented: string): Promise<string | null> {
    const successor = randomToken('rt_');
    const now = nowIso();
    const rotated = await db.transaction(async (trx) => {
      if (!(await refreshTokens.markRotated(trx, record.id, now, sealWithToken(presented, successor)))) return false;
      await storeRefreshToken(trx, successor, record.familyId, record.familyExpiresAt);
      return true;
    });
    return rotated ? successor : null;
  }

  /**
   * Tabs that refresh with the same token at once all get the successor the first one made, while its rotation is
   * younger than the grace window; only the holder of the presented token can unseal it.
   */
  function successorWithinGrace(record: refreshTokens.RefreshTokenRecord | undefined, presented: string) {
    if (!record?.usedAt || !record.successorSealed) return null;
    const usedMsAgo = clock.now().getTime() - new Date(record.usedAt).getTime();
    if (usedMsAgo > config.refreshGraceSec * 1000) return null;
    return openWithToken(presented, record.successorSealed);
  }

  /** Issues a single-use account token (replacing any earlier one), stores its hash and mails its link. */
  async function mailAccountToken(
    user: { id: string; email: string; name: string },
    purpose: AccountTokenKind,
    compose: (link: string) => { subject: string; text: string },
  ): Promise<void> {
    const token = randomToken();
    const { ttlSec, path } = ACCOUNT_TOKENS[purpose];
    await users.setAccountToken(user.id, purpose, sha256Hex(token), inSeconds(ttlSec));
    const link = new URL(`${path}?token=${encodeURIComponent(token)}`, config.publicUrl).toString();
    await deps.mail.send({ to: user.email, kind: purpose, ...compose(link) });
  }

  const sendVerificationEmail = (user: { id: string; email: string; name: string }) =>
    mailAccountToken(user, 'verify-email', (link) => ({
      subject: 'Verify your Parley e-mail address',
      text: `Hi ${user.name},\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nThe link works once and expires in 24 hours.\n`,
    }));

  const warnOwnerOfSignupAttempt = (owner: { email: string; name: string }) =>
    deps.mail.send({
      to: owner.email,
      kind: 'signup-attempt',
      subject: 'Someone tried to sign up to Parley with your e-mail address',
      text: `Hi ${owner.name},\n\nSomeone tried to create a Parley account with this e-mail address, which already has one. If it was you, sign in at ${new URL('/auth', config.publicUrl).toString()} or reset your password there. If it wasn't, you can ignore this e-mail: nothing has changed.\n`,
    });

  return {
    /**
     * Answers the same, in the same time, whether the address is new or taken (no session either way; the user
     * signs in after opening the mailed link): the password is hashed and a mail sent on both paths, and the owner
     * of a taken address hears that someone tried it.
     */
    async register(input: RegisterRequest, meta: RequestMeta): Promise<void> {
      await throttle.registration(meta.ip);
      const email = input.email.toLowerCase();
      const name = input.name?.trim() || email.split('@')[0] || email;
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      const userId = newId();
      let tenantId: string;
      try {
        // The invitation is checked before the address, so its errors cannot tell a taken address from a new one.
        tenantId = await db.transaction(async (trx) => {
          const invited = input.invitationToken ? await invitations.accept(trx, input.invitationToken, email) : null;
          const joinTenantId =
            invited?.tenantId ??
            (await tenants.create(trx, { name: input.tenantName?.trim() || `${name}'s workspace` }));
          await users.register(trx, joinTenantId, {
            id: userId,
            name,
            email,
            // The founder of a new tenant is its owner and admin; an invitee gets the role the invitation names.
            role: invited?.role ?? 'admin',
            passwordHash,
            emailVerified: false,
            isTenantOwner: !invited,
          });
          return joinTenantId;
        });
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'AUTH_EMAIL_TAKEN')) throw error;
        const owner = await users.findByEmail(email);
        if (owner) await warnOwnerOfSignupAttempt(owner);
        await audit('auth.register.taken', meta, { tenantId: owner?.tenantId, userId: owner?.id });
        return;
      }
      const user = (await users.findById(userId)) as UserRecord;
      await sendVerificationEmail(user);
      await audit('auth.register', meta, { tenantId, userId });
    },

    async login(input: LoginRequest, meta: RequestMeta): Promise<AuthResponse> {
      const email = input.email.toLowerCase();
      const attempt = await throttle.signIn(email, meta.ip).catch(async (error: unknown) => {
        if (error instanceof DomainError) await audit('auth.login.throttled', meta, { details: { email } });
        throw error;
      });
      const user = await users.findByEmail(email);
      const check = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await dummyHash),
        config.passwordHashCost,
      );
      if (!user || !check.valid || !user.active) {
        await audit('auth.login.failed', meta, { tenantId: user?.tenantId, userId: user?.id });
        throw new DomainError('AUTH_INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await attempt.succeeded();
      if (check.needsRehash) {
        await users.updatePasswordHash(user.id, await hashPassword(input.password, config.passwordHashCost));
      }
      await audit('auth.login.succeeded', meta, { tenantId: user.tenantId, userId: user.id });
      return startSession(user);
    },

    async refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair & { tokens: TokenPair }> {
      const tokenHash = sha256Hex(refreshToken);
      const record = await refreshTokens.findByHash(db, tokenHash);
      const now = nowIso();
      const invalid = () => new DomainError('AUTH_TOKEN_INVALID', SESSION_EXPIRED);
      if (!record || record.familyRevokedAt || record.familyExpiresAt <= now) throw invalid();
      if (!record.usedAt && record.expiresAt <= now) throw invalid();
      const user = await users.findById(record.userId);
      if (!user || !user.active) throw invalid();
      let successor = record.usedAt ? null : await rotate(record, refreshToken);
      if (!successor) {
        // Another request rotated it, earlier or just now: within the grace window its successor stands.
        const rotated = record.usedAt ? record : await refreshTokens.findByHash(db, tokenHash);
        successor = successorWithinGrace(rotated, refreshToken);
      }
      if (!successor) {
        // A rotated token came back after the grace window: someone holds a copy, so the whole family dies.
        await refreshTokens.revokeFamily(db, record.familyId, now, 'reuse');
        await principals.invalidate({ userId: record.userId });
        await audit('auth.refresh.reused', meta, { userId: record.userId });
        throw new DomainError('AUTH_REFRESH_REUSED', SESSION_EXPIRED);
      }
      const accessToken = await accessTokenFor(user, record.familyId);
      return { accessToken, refreshToken: successor, tokens: { accessToken, refreshToken: successor } };
    },

    /** Ends the session the access token belongs to, and the one of the refresh token if it is the caller's. */
    async logout(
      caller: { userId: string; sessionId: string | null },
      refreshToken: string | undefined,
      meta: RequestMeta,
    ): Promise<void> {
      const now = nowIso();
      if (caller.sessionId) await refreshTokens.revokeFamily(db, caller.sessionId, now, 'logout');
      const record = refreshToken ? await refreshTokens.findByHash(db, sha256Hex(refreshToken)) : undefined;
      if (record && record.userId === caller.userId) {
        await refreshTokens.revokeFamily(db, record.familyId, now, 'logout');
      }
      // Access tokens of the ended sessions stop working on every instance at their next request.
      await principals.invalidate({ userId: caller.userId });
      await audit('auth.logout', meta, { userId: caller.userId });
    },

    async forgotPassword(input: ForgotPasswordRequest, meta: RequestMeta): Promise<void> {
      const email = input.email.toLowerCase();
      // Every request counts, so a mailbox cannot be flooded with reset links; sign-in limits do not apply, so
      // an owner locked out of signing in can still reset.
      await throttle.resetRequest(email, meta.ip);
      const user = await users.findByEmail(email);
      if (!user || !user.active) return;
      await mailAccountToken(user, 'reset-password', (link) => ({
        subject: 'Reset your Parley password',
        text: `Hi ${user.name},\n\nSomeone asked to reset the password of your Parley account. To choose a new password, open:\n${link}\n\nThe link works once and expires in 1 hour. If it wasn't you, ignore this e-mail.\n`,
      }));
      await audit('auth.password.reset-requested', meta, { tenantId: user.tenantId, userId: user.id });
    },

    async resetPassword(input: ResetPasswordRequest, meta: RequestMeta): Promise<void> {
      const tokenHash = sha256Hex(input.token);
      const found = await users.findByAccountToken('reset-password', tokenHash);
      const invalidLink = () =>
        new DomainError('AUTH_LINK_INVALID', 'This reset link is invalid or has expired. Please request a new one.');
      if (!found || !found.expiresAt || found.expiresAt <= nowIso()) throw invalidLink();
      const { user } = found;
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      await db.transaction(async (trx) => {
        if (!(await users.resetPassword(trx, user.id, tokenHash, passwordHash))) throw invalidLink();
        await refreshTokens.revokeAllForUser(trx, user.id, nowIso(), 'password-reset');
      });
      await principals.invalidate({ userId: user.id });
      await throttle.passwordReset(user.email, meta.ip);
      await audit('auth.password.reset', meta, { tenantId: user.tenantId, userId: user.id });
    },

    async verifyEmail(token: string, meta: RequestMeta): Promise<void> {
      const tokenHash = sha256Hex(token);
      const found = await users.findByAccountToken('verify-email', tokenHash);
      const invalidLink = () =>
        new DomainError('AUTH_LINK_INVALID', 'This verification link is invalid or has expired.');
      if (!found || !found.expiresAt || found.expiresAt <= nowIso()) throw invalidLink();
      const { user } = found;
      if (!(await users.verifyEmail(user.id, tokenHash))) throw invalidLink();
      await audit('auth.email.verified', meta, { tenantId: user.tenantId, userId: user.id });
    },

    async resendVerification(userId: string, meta: RequestMeta): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new DomainError('AUTH_REQUIRED');
      if (user.emailVerified) return;
      await throttle.verificationResend(user.email, meta.ip);
      await sendVerificationEmail(user);
    },

    async currentUser(userId: string): Promise<AuthStatusResponse> {
      const user = await users.findById(userId);
      if (!user || !user.active) throw new DomainError('AUTH_TOKEN_INVALID', SESSION_EXPIRED);
      const tenant = user.tenantId ? await tenants.find(user.tenantId) : undefined;
      return {
        user: toAuthUser(user),
        billingStatus: tenant?.billingStatus ?? null,
        simulatedCalls: config.providers === 'sandbox',
      };
    },
  };
}
