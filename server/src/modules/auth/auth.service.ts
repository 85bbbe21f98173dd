import type { AuthResponse, AuthStatusResponse, TokenPair } from '@shared/api/auth.types';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@shared/schemas/auth.schema';
import type { AppDeps } from '../../app-deps';
import { dialectOf, toIso, type Db } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { newId } from '../../lib/ids';
import type { JwtSigner } from '../../lib/jwt';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/secrets';
import { recordAudit, type AuditEvent } from '../audit/audit.store';
import { findInvitationForSignup, markInvitationAccepted } from '../invitations/invitations.store';
import { createTenant, findTenantById, slugifySubdomain } from '../tenants/tenants.store';
import { findUserByEmail, findUserById, findUserByTokenHash, toAuthUser, type UserRow } from '../users/users.store';
import * as refreshTokens from './refresh-tokens.store';
import { createThrottle } from './throttle.store';

/** Where a request came from, for throttling and the audit log. */
export interface RequestMeta {
  ip: string;
  requestId: string;
}

type AccountTokenPurpose = 'verify-email' | 'reset-password';

/** Where each kind of account token lives on the user row, how long it lasts and which screen its link opens. */
const ACCOUNT_TOKENS = {
  'verify-email': {
    hashColumn: 'email_verification_token_hash',
    expiresColumn: 'email_verification_expires_at',
    ttlSec: 24 * 3600,
    path: '/verify-email',
  },
  'reset-password': {
    hashColumn: 'password_reset_token_hash',
    expiresColumn: 'password_reset_expires_at',
    ttlSec: 3600,
    path: '/reset-password',
  },
} as const;
const INVALID_CREDENTIALS = 'Invalid credentials';

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, registration, sessions and account tokens. Knows nothing of HTTP. */
export function createAuthService(
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'mail' | 'logger'>,
  signer: JwtSigner,
) {
  const { config, db, clock } = deps;
  const throttle = createThrottle(db, () => clock.now(), config.throttleWindowSec);
  const nowIso = () => clock.now().toISOString();
  const inSeconds = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();
  // Hashed on the unknown-e-mail path so that it costs what a wrong password costs.
  const dummyHash = hashPassword(randomToken(), config.passwordHashCost);

  const audit = (
    event: AuditEvent,
    meta: RequestMeta,
    extra: { tenantId?: string | null; userId?: string | null; details?: Record<string, unknown> } = {},
  ) =>
    recordAudit(db, {
      event,
      occurredAt: nowIso(),
      tenantId: extra.tenantId ?? null,
      actorUserId: extra.userId ?? null,
      ip: meta.ip,
      requestId: meta.requestId,
      details: extra.details,
    });

  async function accessTokenFor(user: UserRow): Promise<string> {
    const tenant = user.tenant_id ? await findTenantById(db, user.tenant_id) : undefined;
    return signer.sign(
      { typ: 'access', sub: user.id, tid: user.tenant_id, role: user.role, bst: tenant?.billingStatus ?? null },
      config.accessTokenTtlSec,
      Math.floor(clock.now().getTime() / 1000),
    );
  }

  async function issueRefreshToken(trx: Db, familyId: string, familyExpiresAt: string): Promise<string> {
    const token = randomToken('rt_');
    const idleExpiry = inSeconds(config.refreshIdleTtlSec);
    await refreshTokens.insertToken(
      trx,
      familyId,
      sha256Hex(token),
      nowIso(),
      idleExpiry < familyExpiresAt ? idleExpiry : familyExpiresAt,
    );
    return token;
  }

  async function startSession(user: UserRow): Promise<AuthResponse> {
    const familyExpiresAt = inSeconds(config.refreshTokenTtlSec);
    const refreshToken = await db.transaction(async (trx) => {
      const familyId = await refreshTokens.createFamily(trx, user.id, nowIso(), familyExpiresAt);
      return issueRefreshToken(trx, familyId, familyExpiresAt);
    });
    const accessToken = await accessTokenFor(user);
    return { accessToken, refreshToken, tokens: { accessToken, refreshToken }, user: toAuthUser(user) };
  }

  /** Issues a single-use account token (replacing any earlier one), stores its hash and mails its link. */
  async function mailAccountToken(
    user: { id: string; email: string; name: string },
    purpose: AccountTokenPurpose,
    compose: (link: string) => { subject: string; text: string },
  ): Promise<void> {
    const token = randomToken();
    const { hashColumn, expiresColumn, ttlSec, path } = ACCOUNT_TOKENS[purpose];
    await db('users')
      .where({ id: user.id })
      .update({ [hashColumn]: sha256Hex(token), [expiresColumn]: inSeconds(ttlSec), updated_at: nowIso() });
    const link = new URL(`${path}?token=${encodeURIComponent(token)}`, config.publicUrl).toString();
    await deps.mail.send({ to: user.email, kind: purpose, ...compose(link) });
  }

  const sendVerificationEmail = (user: { id: string; email: string; name: string }) =>
    mailAccountToken(user, 'verify-email', (link) => ({
      subject: 'Verify your Parley e-mail address',
      text: `Hi ${user.name},\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nThe link works once and expires in 24 hours.\n`,
    }));

  /** Seconds until either the account or the client address may try again; 0 when neither is blocked. */
  async function blockedFor(accountKey: string, addressKey: string): Promise<number> {
    return Math.max(
      await throttle.blockedFor(accountKey, config.loginMaxFailuresPerAccount),
      await throttle.blockedFor(addressKey, config.loginMaxFailuresPerAddress),
    );
  }

  return {
    async register(input: RegisterRequest, meta: RequestMeta): Promise<AuthResponse> {
      const email = input.email.toLowerCase();
      const name = input.name?.trim() || email.split('@')[0] || email;
      if (await findUserByEmail(db, email)) {
        throw new DomainError(
          'AUTH_EMAIL_TAKEN',
          'An account with this email already exists. Sign in or reset your password.',
        );
      }
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      const now = nowIso();
      const userId = newId();
      const tenantId = await db.transaction(async (trx) => {
        let joinTenantId: string;
        let role: 'user' | 'admin' = 'admin';
        let isOwner = true;
        if (input.invitationToken) {
          const invitation = await findInvitationForSignup(trx, sha256Hex(input.invitationToken), email, now);
          if (!invitation)
            throw new DomainError(
              'VALIDATION_FAILED',
              'This invitation is invalid or has expired. Ask the sender for a new link.',
              {
                fields: {
                  invitationToken: 'Invitation is invalid or has expired',
                },
              },
            );
          await markInvitationAccepted(trx, invitation.id, now);
          joinTenantId = invitation.tenantId;
          role = invitation.role;
          isOwner = false;
        } else {
          const tenantName = input.tenantName?.trim() || `${name}'s workspace`;
          joinTenantId = await createTenant(trx, {
            name: tenantName,
            subdomain: await slugifySubdomain(trx, tenantName),
            now,
          });
        }
        try {
          await trx('users').insert({
            id: userId,
            tenant_id: joinTenantId,
            name,
            email,
            role,
            password_hash: passwordHash,
            email_verified: false,
            is_tenant_owner: isOwner,
            active: true,
            created_at: now,
            updated_at: now,
          });
        } catch (error) {
          if (dialectOf(trx).isUniqueViolation(error)) {
            throw new DomainError(
              'AUTH_EMAIL_TAKEN',
              'An account with this email already exists. Sign in or reset your password.',
            );
          }
          throw error;
        }
        return joinTenantId;
      });
      const user = (await findUserById(db, userId)) as UserRow;
      await sendVerificationEmail(user);
      await audit('auth.register', meta, { tenantId, userId });
      return startSession(user);
    },

    async login(input: LoginRequest, meta: RequestMeta): Promise<AuthResponse> {
      const email = input.email.toLowerCase();
      const accountKey = `login:account:${email}`;
      const addressKey = `login:address:${meta.ip}`;
      const blocked = await blockedFor(accountKey, addressKey);
      if (blocked > 0) {
        await audit('auth.login.throttled', meta, { details: { email } });
        throw new DomainError('AUTH_THROTTLED', undefined, { retryAfterSec: blocked });
      }
      const user = await findUserByEmail(db, email);
      const check = await verifyPassword(
        input.password,
        user?.password_hash ?? (await dummyHash),
        config.passwordHashCost,
      );
      if (!user || !check.valid || !user.active) {
        await throttle.recordFailure(accountKey);
        await throttle.recordFailure(addressKey);
        await audit('auth.login.failed', meta, { tenantId: user?.tenant_id, userId: user?.id });
        throw new DomainError('AUTH_INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await throttle.clear(accountKey);
      if (check.needsRehash) {
        await db('users')
          .where({ id: user.id })
          .update({ password_hash: await hashPassword(input.password, config.passwordHashCost), updated_at: nowIso() });
      }
      await audit('auth.login.succeeded', meta, { tenantId: user.tenant_id, userId: user.id });
      return startSession(user);
    },

    async refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair & { tokens: TokenPair }> {
      const record = await refreshTokens.findByHash(db, sha256Hex(refreshToken));
      const now = nowIso();
      const invalid = () => new DomainError('AUTH_TOKEN_INVALID', 'Authentication expired. Please log in again.');
      if (!record || record.familyRevokedAt || record.familyExpiresAt <= now) throw invalid();
      if (record.usedAt || !(await refreshTokens.markUsed(db, record.id, now))) {
        // A rotated token came back: someone holds a copy, so the whole family dies.
        await refreshTokens.revokeFamily(db, record.familyId, now, 'reuse');
        await audit('auth.refresh.reused', meta, { userId: record.userId });
        throw new DomainError('AUTH_REFRESH_REUSED', 'Authentication expired. Please log in again.');
      }
      if (record.expiresAt <= now) throw invalid();
      const user = await findUserById(db, record.userId);
      if (!user || !user.active) throw invalid();
      const nextToken = await issueRefreshToken(db, record.familyId, record.familyExpiresAt);
      const accessToken = await accessTokenFor(user);
      return { accessToken, refreshToken: nextToken, tokens: { accessToken, refreshToken: nextToken } };
    },

    async logout(userId: string, refreshToken: string | undefined, meta: RequestMeta): Promise<void> {
      if (refreshToken) {
        const record = await refreshTokens.findByHash(db, sha256Hex(refreshToken));
        if (record && record.userId === userId)
          await refreshTokens.revokeFamily(db, record.familyId, nowIso(), 'logout');
      }
      await audit('auth.logout', meta, { userId });
    },

    async forgotPassword(input: ForgotPasswordRequest, meta: RequestMeta): Promise<void> {
      const email = input.email.toLowerCase();
      const emailKey = `reset:account:${email}`;
      const addressKey = `reset:address:${meta.ip}`;
      const blocked = await blockedFor(emailKey, addressKey);
      if (blocked > 0) throw new DomainError('AUTH_THROTTLED', undefined, { retryAfterSec: blocked });
      // Every request counts, so a mailbox cannot be flooded with reset links.
      await throttle.recordFailure(emailKey);
      await throttle.recordFailure(addressKey);
      const user = await findUserByEmail(db, email);
      if (!user || !user.active) return;
      await mailAccountToken(user, 'reset-password', (link) => ({
        subject: 'Reset your Parley password',
        text: `Hi ${user.name},\n\nSomeone asked to reset the password of your Parley account. To choose a new password, open:\n${link}\n\nThe link works once and expires in 1 hour. If it wasn't you, ignore this e-mail.\n`,
      }));
      await audit('auth.password.reset-requested', meta, { tenantId: user.tenant_id, userId: user.id });
    },

    async resetPassword(input: ResetPasswordRequest, meta: RequestMeta): Promise<void> {
      const user = await findUserByTokenHash(db, 'password_reset_token_hash', sha256Hex(input.token));
      const now = nowIso();
      if (!user || !user.expires_at || toIso(user.expires_at) <= now) {
        throw new DomainError(
          'AUTH_LINK_INVALID',
          'This reset link is invalid or has expired. Please request a new one.',
        );
      }
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      await db.transaction(async (trx) => {
        const changed = await trx('users')
          .where({ id: user.id, password_reset_token_hash: sha256Hex(input.token) })
          .update({
            password_hash: passwordHash,
            password_reset_token_hash: null,
            password_reset_expires_at: null,
            updated_at: now,
          });
        if (changed !== 1)
          throw new DomainError(
            'AUTH_LINK_INVALID',
            'This reset link is invalid or has expired. Please request a new one.',
          );
        await refreshTokens.revokeAllForUser(trx, user.id, now, 'password-reset');
      });
      await throttle.clear(`login:account:${user.email}`);
      await audit('auth.password.reset', meta, { tenantId: user.tenant_id, userId: user.id });
    },

    async verifyEmail(token: string, meta: RequestMeta): Promise<void> {
      const user = await findUserByTokenHash(db, 'email_verification_token_hash', sha256Hex(token));
      const now = nowIso();
      if (!user || !user.expires_at || toIso(user.expires_at) <= now) {
        throw new DomainError('AUTH_LINK_INVALID', 'This verification link is invalid or has expired.');
      }
      const changed = await db('users')
        .where({ id: user.id, email_verification_token_hash: sha256Hex(token) })
        .update({
          email_verified: true,
          email_verification_token_hash: null,
          email_verification_expires_at: null,
          updated_at: now,
        });
      if (changed !== 1)
        throw new DomainError('AUTH_LINK_INVALID', 'This verification link is invalid or has expired.');
      await audit('auth.email.verified', meta, { tenantId: user.tenant_id, userId: user.id });
    },

    async resendVerification(userId: string): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError('AUTH_REQUIRED');
      if (!user.email_verified) await sendVerificationEmail(user);
    },

    async currentUser(userId: string): Promise<AuthStatusResponse> {
      const user = await findUserById(db, userId);
      if (!user || !user.active)
        throw new DomainError('AUTH_TOKEN_INVALID', 'Authentication expired. Please log in again.');
      const tenant = user.tenant_id ? await findTenantById(db, user.tenant_id) : undefined;
      return {
        user: toAuthUser(user),
        billingStatus: tenant?.billingStatus ?? null,
        simulatedCalls: config.providers === 'sandbox',
      };
    },
  };
}
