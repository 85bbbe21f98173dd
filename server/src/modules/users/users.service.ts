import type { TeamMember } from '@shared/api/team.types';
import type { TeamRole } from '@shared/schemas/team.schema';
import type { AppDeps } from '../../app-deps';
import { dialectOf, type Db } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import type { EventsService } from '../events/events.service';
import type { AuditService, TenantActor } from '../audit/audit.service';
import { ensureKeyMayActOn, ensureKeyMayGrant, type KeyRights } from './key-grants';
import {
  consumeAccountToken,
  countTenantMembers,
  deleteTenantMember,
  findUserByAccountToken,
  findUserByEmail,
  findUserById,
  insertUsers,
  listTenantMembers,
  tenantMemberEmails,
  setAccountToken,
  updateMemberRole,
  updatePasswordHash,
  type AccountTokenKind,
  type NewUser,
  type UserRecord,
} from './users.store';

export type UsersService = ReturnType<typeof createUsersService>;
export { ensureKeyMayActOn, ensureKeyMayGrant } from './key-grants';
export { toAuthUser, type AccountTokenKind, type NewUser, type UserRecord } from './users.store';

const EMAIL_TAKEN = 'An account with this email already exists. Sign in or reset your password.';

const toTeamMember = (user: UserRecord): TeamMember => ({
  id: user.id,
  username: user.name,
  email: user.email,
  isTenantOwner: user.isTenantOwner,
  role: user.role,
});

/** Who acts on the team: a signed-in admin, or an API key with team:manage, which never reaches above itself. */
export interface TeamActor extends TenantActor {
  viaKey: KeyRights | null;
}

/** Users and their membership of a tenant; sign-in and sessions stay with the auth module, which calls this. */
export function createUsersService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'principals'>,
  audit: AuditService,
  events: Pick<EventsService, 'publish'>,
) {
  const { db } = deps;
  const now = () => isoNow(deps.clock);

  /** A member of the actor's own tenant; any other id, another tenant's included, is not found. */
  async function memberOf(actor: TeamActor, userId: string): Promise<UserRecord> {
    const user = await findUserById(db, userId);
    if (!user || user.tenantId !== actor.tenantId)
      throw new DomainError('NOT_FOUND', 'No member of your team has this id.');
    return user;
  }

  return {
    /** Who these users are to another module's screens: the e-mail of each one still in the tenant. */
    memberEmails: (tenantId: string, userIds: readonly string[]) => tenantMemberEmails(db, tenantId, userIds),

    addToTenant: (trx: Db, tenantId: string, users: NewUser[]) => insertUsers(trx, tenantId, users, now()),

    /** One new account in a tenant; an e-mail already registered anywhere is refused, however the race falls. */
    async register(trx: Db, tenantId: string, user: NewUser): Promise<void> {
      try {
        await insertUsers(trx, tenantId, [user], now());
      } catch (error) {
        if (dialectOf(trx).isUniqueViolation(error)) throw new DomainError('AUTH_EMAIL_TAKEN', EMAIL_TAKEN);
        throw error;
      }
    },

    findByEmail: (email: string) => findUserByEmail(db, email),
    findById: (id: string) => findUserById(db, id),
    findByAccountToken: (kind: AccountTokenKind, tokenHash: string) => findUserByAccountToken(db, kind, tokenHash),
    setAccountToken: (userId: string, kind: AccountTokenKind, tokenHash: string, expiresAt: string) =>
      setAccountToken(db, userId, kind, tokenHash, expiresAt, now()),
    /** Sets the new password and spends the reset token; false when another request spent it first. */
    resetPassword: (trx: Db, userId: string, tokenHash: string, passwordHash: string) =>
      consumeAccountToken(trx, userId, 'reset-password', tokenHash, { passwordHash }, now()),
    /** Marks the e-mail verified and spends the token; false when another request spent it first. */
    verifyEmail: (userId: string, tokenHash: string) =>
      consumeAccountToken(db, userId, 'verify-email', tokenHash, { emailVerified: true }, now()),
    updatePasswordHash: (userId: string, passwordHash: string) => updatePasswordHash(db, userId, passwordHash, now()),

    countTenantMembers: () => countTenantMembers(db),

    listTeam: async (tenantId: string): Promise<TeamMember[]> =>
      (await listTenantMembers(db, tenantId)).map(toTeamMember),

    /** Spec 001 §5: never yourself, never the owner, only in your own tenant; their sessions end at once. */
    async removeMember(actor: TeamActor, userId: string): Promise<void> {
      const user = await memberOf(actor, userId);
      if (user.id === actor.userId) throw new DomainError('TEAM_CANNOT_REMOVE_SELF');
      if (user.isTenantOwner) throw new DomainError('TEAM_OWNER_NOT_REMOVABLE');
      ensureKeyMayActOn(actor, user.role);
      if (!(await deleteTenantMember(db, actor.tenantId, user.id))) throw new DomainError('NOT_FOUND');
      await deps.principals.invalidate({ userId: user.id });
      await audit.byActor('team.member.removed', actor, { userId: user.id, email: user.email, role: user.role });
    },

    /** Moves a member between user and admin; their open sessions end, so the new role applies at once. */
    async changeRole(actor: TeamActor, userId: string, role: TeamRole): Promise<TeamMember> {
      const user = await memberOf(actor, userId);
      if (user.id === actor.userId) throw new DomainError('TEAM_CANNOT_CHANGE_OWN_ROLE');
      if (user.isTenantOwner || user.role === 'superadmin') {
        throw new DomainError('TEAM_OWNER_ROLE_FIXED');
      }
      ensureKeyMayActOn(actor, user.role);
      ensureKeyMayGrant(actor, role);
      if (!(await updateMemberRole(db, actor.tenantId, user.id, role, now()))) throw new DomainError('NOT_FOUND');
      await deps.principals.invalidate({ userId: user.id });
      await audit.byActor('team.member.role-changed', actor, { userId: user.id, from: user.role, to: role });
      await events.publish(actor.tenantId, { type: 'member.role_changed', data: { userId: user.id, role } });
      return toTeamMember({ ...user, role });
    },
  };
}
