import type { RegisterRequest } from '@shared/schemas/auth.schema';
import { DomainError } from '../../domain/domain-error';
import { newId } from '../../lib/ids';
import { hashPassword, sha256Hex } from '../../lib/secrets';
import type { RequestMeta } from '../audit/audit.service';
import type { UserRecord } from '../users/users.service';
import { createAccountTokenMailer } from './auth-account-tokens';
import type { AuthContext } from './auth-context';

/** Sign-up and e-mail verification. */
export function createSignup(context: AuthContext) {
  const { deps, modules, throttle, audit, nowIso } = context;
  const { config, db } = deps;
  const { users, tenants, invitations } = modules;
  const mailAccountToken = createAccountTokenMailer(context);

  const sendVerificationEmail = (user: { id: string; email: string; name: string }) =>
    mailAccountToken(user, 'verify-email', (link) => ({
      subject: 'Verify your Parley e-mail address',
      text: `Hi ${user.name},\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nThe link works once and expires in 24 hours.\n`,
    }));

  /** An invitee's address was proved by the invitation it opened: a welcome instead of a verification link. */
  const welcomeInvitee = (user: { email: string; name: string }, tenantName: string) =>
    deps.mail.send({
      to: user.email,
      kind: 'invitation-accepted',
      subject: `Welcome to ${tenantName} on Parley`,
      text: `Hi ${user.name},\n\nYou have joined ${tenantName} on Parley. Sign in at ${new URL('/auth', config.publicUrl).toString()} with this e-mail address and the password you chose.\n`,
    });

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
          const invitation = input.invitationToken ? await invitations.accept(trx, input.invitationToken, email) : null;
          const joinTenantId =
            invitation?.tenantId ??
            (await tenants.create(trx, { name: input.tenantName?.trim() || `${name}'s workspace` }));
          await users.register(trx, joinTenantId, {
            id: userId,
            name,
            email,
            // The founder of a new tenant is its owner and admin; an invitee gets the role the invitation names.
            role: invitation?.role ?? 'admin',
            passwordHash,
            // The invitation was mailed to this address and opened from it: the address is proved.
            emailVerified: Boolean(invitation),
            isTenantOwner: !invitation,
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
      // Registration with an invitation succeeds only by accepting it.
      if (input.invitationToken) await welcomeInvitee(user, (await tenants.get(tenantId)).name);
      else await sendVerificationEmail(user);
      await audit('auth.register', meta, { tenantId, userId });
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
  };
}
