import { API_KEY_PERMISSIONS, type ApiKeyScope } from '@shared/api/permissions';
import type { Role } from '@shared/domain/roles';
import { DomainError } from '../../domain/domain-error';

/** An API key acting on the team: it has only its own scope and permissions, never its creator's rights. */
export interface KeyRights {
  scope: ApiKeyScope;
  permissions: readonly string[];
}

/** Whoever acts on the team, with the key they act through, if any. */
interface MaybeViaKey {
  viaKey: KeyRights | null;
}

/** Permissions of routes only admins reach: the team and the webhooks. */
const ADMIN_ROLE_PERMISSIONS: ReadonlySet<string> = new Set(['team:manage', 'webhooks:manage']);

/** What a member of the user role reaches, in key permissions: reading and writing everything but the admins' parts. */
const USER_ROLE_REACH = API_KEY_PERMISSIONS.filter((permission) => !ADMIN_ROLE_PERMISSIONS.has(permission));

/**
 * Whether a key may give `role` to a member or an invitee: never a role that reaches more than the key itself. An
 * admin creates keys, which no key does, so no key grants admin; the user role only from a key that holds every
 * permission a user reaches and may write.
 */
export function keyMayGrant(key: KeyRights, role: Role): boolean {
  if (role !== 'user') return false;
  return key.scope !== 'read_only' && USER_ROLE_REACH.every((permission) => key.permissions.includes(permission));
}

/** Refuses a key's grant of `role` (an invitation, a resend, a role change) above what the key holds. */
export function ensureKeyMayGrant(actor: MaybeViaKey, role: Role): void {
  if (!actor.viaKey || keyMayGrant(actor.viaKey, role)) return;
  throw new DomainError(
    'API_KEY_ROLE_EXCEEDED',
    role === 'user'
      ? 'An API key grants the user role only when it may write and holds every permission a user has.'
      : 'An API key cannot grant the admin role; a signed-in admin can.',
  );
}

/** Refuses a key's change or removal of a member (or invitation) of `role` when that role outranks any key. */
export function ensureKeyMayActOn(actor: MaybeViaKey, role: Role): void {
  if (actor.viaKey && role !== 'user') {
    throw new DomainError('API_KEY_CANNOT_ACT_ON_ADMIN');
  }
}
