import type { InvitationDetails, PendingInvitation } from '@shared/api/team.types';
import type { InviteRequest, TeamRole } from '@shared/schemas/team.schema';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/secrets';
import type { AuditService } from '../audit/audit.service';
import type { TenantsService } from '../tenants/tenants.service';
import { ensureKeyMayActOn, ensureKeyMayGrant, type TeamActor, type UsersService } from '../users/users.service';
import {
  findInvitationByToken,
  findInvitationForSignup,
  findPendingInvitation,
  listPendingInvitations,
  markInvitationAccepted,
  renewInvitationToken,
  replacePendingInvitation,
  revokeInvitation,
} from './invitations.store';

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/** Longer tokens are never ours: refused before hashing. */
const MAX_TOKEN_LENGTH = 200;
/** An invitation link works for a week (issue 11). */
export const INVITATION_TTL_SEC = 7 * 24 * 3600;

const INVALID_FOR_SIGNUP = 'This invitation is invalid or has expired. Ask the sender for a new link.';
/** Why a known invitation can no longer be used, in words the Accept Invitation screen shows. */
const UNUSABLE = {
  accepted: 'This invitation has already been used. Ask the sender for a new link.',
  revoked: 'This invitation has been revoked. Ask the sender for a new link.',
  expired: 'This invitation has expired. Ask the sender for a new link.',
} as const;

/**
 * Invitations to join a tenant: sent by its admins on plans with team members, mailed as a link carrying a random
 * token (only its hash is stored), single use, bound to the invited address and expiring after a week.
 */
export function createInvitationsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail'>,
  tenants: TenantsService,
  users: UsersService,
  audit: AuditService,
) {
  const { db } = deps;
  const now = () => isoNow(deps.clock);
  const expiry = () => new Date(deps.clock.now().getTime() + INVITATION_TTL_SEC * 1000).toISOString();

  async function mailInvitation(tenantId: string, inviterUserId: string | null, email: string, token: string) {
    const [tenant, inviter] = await Promise.all([
      tenants.get(tenantId),
      inviterUserId ? users.findById(inviterUserId) : undefined,
    ]);
    const link = new URL(`/register?invitation=${encodeURIComponent(token)}`, deps.config.publicUrl).toString();
    const who = inviter ? `${inviter.name} (${inviter.email})` : 'An administrator';
    await deps.mail.send({
      to: email,
      kind: 'invitation',
      subject: `You're invited to join ${tenant.name} on Parley`,
      text: `Hi,\n\n${who} has invited you to join ${tenant.name} on Parley. To accept, open:\n${link}\n\nThe link works once, only for ${email}, and expires in 7 days.\n`,
    });
  }

  /** The actor's user id when it still names a member: an API key may outlive the admin who created it. */
  async function inviterId(actor: TeamActor): Promise<string | null> {
    const user = await users.findById(actor.userId);
    return user?.tenantId === actor.tenantId ? user.id : null;
  }

  async function pending(actor: TeamActor, invitationId: string): Promise<PendingInvitation> {
    const invitation = await findPendingInvitation(db, actor.tenantId, invitationId);
    if (!invitation) throw new DomainError('NOT_FOUND', 'No pending invitation has this id.');
    return invitation;
  }

  return {
    async details(token: string): Promise<InvitationDetails> {
      const found = token.length > MAX_TOKEN_LENGTH ? undefined : await findInvitationByToken(db, sha256Hex(token));
      if (!found) throw new DomainError('NOT_FOUND', 'This invitation is invalid. Ask the sender for a new link.');
      if (found.status !== 'pending') throw new DomainError('INVITATION_INVALID', UNUSABLE[found.status]);
      if (found.expiresAt <= now()) throw new DomainError('INVITATION_INVALID', UNUSABLE.expired);
      return found.details;
    },

    /**
     * Invites an address to the actor's tenant (spec 001 §5): only on a plan with team members, never a member of
     * the team; a pending invitation of the same address is replaced. An address with an account elsewhere is
     * invited the same, so that the answer tells nothing of other organisations; signing up refuses it then.
     */
    async invite(actor: TeamActor, input: InviteRequest): Promise<PendingInvitation> {
      ensureKeyMayGrant(actor, input.role as TeamRole);
      const plan = await tenants.plan(actor.tenantId);
      if (!plan.multiUserEnabled) {
        throw new DomainError(
          'PLAN_LIMIT_REACHED',
          'Your plan does not include team members. Upgrade your plan to invite colleagues.',
        );
      }
      const existing = await users.findByEmail(input.email);
      if (existing?.tenantId === actor.tenantId) {
        throw new DomainError('INVITEE_ALREADY_MEMBER', `${input.email} is already a member of your team.`, {
          fields: { email: 'This address already has an account' },
        });
      }
      const token = randomToken();
      const inviterUserId = await inviterId(actor);
      const invitation = await db.transaction((trx) =>
        replacePendingInvitation(
          trx,
          {
            tenantId: actor.tenantId,
            inviterUserId,
            inviteeEmail: input.email,
            role: input.role as TeamRole,
            tokenHash: sha256Hex(token),
            expiresAt: expiry(),
          },
          now(),
        ),
      );
      await mailInvitation(actor.tenantId, inviterUserId, input.email, token);
      await audit.byActor('team.invited', actor, {
        invitationId: invitation.id,
        email: input.email,
        role: invitation.role,
      });
      return invitation;
    },

    listPending: (tenantId: string) => listPendingInvitations(db, tenantId, now()),

    /** Mails a fresh link for a pending invitation; the earlier link stops working and the week starts again. */
    async resend(actor: TeamActor, invitationId: string): Promise<PendingInvitation> {
      // A fresh link grants the invitation's role again.
      ensureKeyMayGrant(actor, (await pending(actor, invitationId)).role);
      const token = randomToken();
      const expiresAt = expiry();
      if (!(await renewInvitationToken(db, actor.tenantId, invitationId, sha256Hex(token), expiresAt, now()))) {
        throw new DomainError('NOT_FOUND', 'No pending invitation has this id.');
      }
      const invitation = (await findPendingInvitation(db, actor.tenantId, invitationId)) as PendingInvitation;
      await mailInvitation(actor.tenantId, await inviterId(actor), invitation.inviteeEmail, token);
      await audit.byActor('team.invitation.resent', actor, { invitationId, email: invitation.inviteeEmail });
      return invitation;
    },

    async revoke(actor: TeamActor, invitationId: string): Promise<void> {
      ensureKeyMayActOn(actor, (await pending(actor, invitationId)).role);
      if (!(await revokeInvitation(db, actor.tenantId, invitationId, now()))) {
        throw new DomainError('NOT_FOUND', 'No pending invitation has this id.');
      }
      await audit.byActor('team.invitation.revoked', actor, { invitationId });
    },

    /**
     * Spends the invitation for the account registering with it, inside the registration's transaction: it must
     * be pending, unexpired and for exactly this e-mail. The role comes from the invitation, never the request.
     */
    async accept(trx: Db, token: string, email: string): Promise<{ tenantId: string; role: TeamRole }> {
      const invitation =
        token.length > MAX_TOKEN_LENGTH
          ? undefined
          : await findInvitationForSignup(trx, sha256Hex(token), email, now());
      if (!invitation || !(await markInvitationAccepted(trx, invitation.id, now()))) {
        throw new DomainError('VALIDATION_FAILED', INVALID_FOR_SIGNUP, {
          fields: { invitationToken: 'Invitation is invalid or has expired' },
        });
      }
      return { tenantId: invitation.tenantId, role: invitation.role };
    },
  };
}
