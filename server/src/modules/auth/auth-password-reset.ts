import type { ForgotPasswordRequest, ResetPasswordRequest } from '@shared/schemas/auth.schema';
import { DomainError } from '../../domain/domain-error';
import { hashPassword, sha256Hex } from '../../lib/secrets';
import type { RequestMeta } from '../audit/audit.service';
import { createAccountTokenMailer } from './auth-account-tokens';
import type { AuthContext } from './auth-context';
import * as refreshTokens from './refresh-tokens.store';

/** Password reset: the mailed link, and the new password that ends every session. */
export function createPasswordReset(context: AuthContext) {
  const { deps, modules, throttle, audit, nowIso } = context;
  const { config, db, principals } = deps;
  const { users } = modules;
  const mailAccountToken = createAccountTokenMailer(context);

  return {
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
  };
}
