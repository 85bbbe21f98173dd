import type { AuthUser } from '@shared/api/auth.types';
import { isAdminRole, type Role } from '@shared/domain/roles';
import { countRows, toBool, toIsoOrNull, type Db } from '../../db/database';

/** A user as the modules see it; the password hash never leaves the server. */
export interface UserRecord {
  id: string;
  tenantId: string | null;
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  emailVerified: boolean;
  isTenantOwner: boolean;
  active: boolean;
  /** Raised by every change that must end the user's access tokens; a token carries the one it was issued under. */
  sessionVersion: number;
}

/** The row's session version plus one, in the update itself: concurrent changes each raise it. */
const nextSessionVersion = (db: Db) => db.raw('?? + 1', ['session_version']);

/** The single-use links mailed to a user: each keeps its hash and expiry in two columns of the user's row. */
export type AccountTokenKind = 'verify-email' | 'reset-password';

const ACCOUNT_TOKEN_COLUMNS = {
  'verify-email': { hash: 'email_verification_token_hash', expires: 'email_verification_expires_at' },
  'reset-password': { hash: 'password_reset_token_hash', expires: 'password_reset_expires_at' },
} as const satisfies Record<AccountTokenKind, { hash: string; expires: string }>;

const USER_COLUMNS = [
  'id',
  'tenant_id',
  'name',
  'email',
  'role',
  'password_hash',
  'email_verified',
  'is_tenant_owner',
  'active',
  'session_version',
] as const;

function toUserRecord(row: Record<string, unknown>): UserRecord {
  return {
    id: String(row.id),
    tenantId: (row.tenant_id as string | null) ?? null,
    name: String(row.name),
    email: String(row.email),
    role: row.role as Role,
    passwordHash: String(row.password_hash),
    emailVerified: toBool(row.email_verified),
    isTenantOwner: toBool(row.is_tenant_owner),
    active: toBool(row.active),
    sessionVersion: Number(row.session_version),
  };
}

export function toAuthUser(user: UserRecord): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.email,
    role: user.role,
    tenantId: user.tenantId,
    emailVerified: user.emailVerified,
    isAdmin: isAdminRole(user.role),
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const row = await db('users')
    .where({ email: email.toLowerCase() })
    .first(...USER_COLUMNS);
  return row ? toUserRecord(row) : undefined;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const row = await db('users')
    .where({ id })
    .first(...USER_COLUMNS);
  return row ? toUserRecord(row) : undefined;
}

/** The user a mailed link's token belongs to, with the token's expiry. */
export async function findUserByAccountToken(
  db: Db,
  kind: AccountTokenKind,
  tokenHash: string,
): Promise<{ user: UserRecord; expiresAt: string | null } | undefined> {
  const columns = ACCOUNT_TOKEN_COLUMNS[kind];
  const row = await db('users')
    .where(columns.hash, tokenHash)
    .first(...USER_COLUMNS, db.ref(columns.expires).as('token_expires_at'));
  return row ? { user: toUserRecord(row), expiresAt: toIsoOrNull(row.token_expires_at) } : undefined;
}

/** Replaces the user's token of this kind (an earlier link stops working). */
export async function setAccountToken(
  db: Db,
  userId: string,
  kind: AccountTokenKind,
  tokenHash: string,
  expiresAt: string,
  now: string,
): Promise<void> {
  const columns = ACCOUNT_TOKEN_COLUMNS[kind];
  await db('users')
    .where({ id: userId })
    .update({ [columns.hash]: tokenHash, [columns.expires]: expiresAt, updated_at: now });
}

/**
 * Spends the token of this kind and applies its change in one conditional update: true only for the request that
 * still found the token on the row.
 */
export async function consumeAccountToken(
  db: Db,
  userId: string,
  kind: AccountTokenKind,
  tokenHash: string,
  change: { passwordHash: string } | { emailVerified: true },
  now: string,
): Promise<boolean> {
  const columns = ACCOUNT_TOKEN_COLUMNS[kind];
  const changed = await db('users')
    .where({ id: userId, [columns.hash]: tokenHash })
    .update({
      ...('passwordHash' in change
        ? { password_hash: change.passwordHash, session_version: nextSessionVersion(db) }
        : { email_verified: true }),
      [columns.hash]: null,
      [columns.expires]: null,
      updated_at: now,
    });
  return changed === 1;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, now: string): Promise<void> {
  await db('users').where({ id: userId }).update({ password_hash: passwordHash, updated_at: now });
}

export interface NewUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  emailVerified: boolean;
  isTenantOwner: boolean;
}

export async function insertUsers(db: Db, tenantId: string, users: NewUser[], now: string): Promise<void> {
  await db('users').insert(
    users.map((user) => ({
      id: user.id,
      tenant_id: tenantId,
      name: user.name,
      email: user.email.toLowerCase(),
      role: user.role,
      password_hash: user.passwordHash,
      email_verified: user.emailVerified,
      is_tenant_owner: user.isTenantOwner,
      active: true,
      created_at: now,
      updated_at: now,
    })),
  );
}

/** Members of tenants, platform staff (superadmins without a tenant) left out. */
export function countTenantMembers(db: Db): Promise<number> {
  return countRows(db('users').whereNotNull('tenant_id'));
}

/** The members of a tenant for Your Team: the owner first, then by name. */
export async function listTenantMembers(db: Db, tenantId: string): Promise<UserRecord[]> {
  const rows = await db('users')
    .where({ tenant_id: tenantId })
    .orderBy([
      { column: 'is_tenant_owner', order: 'desc' },
      { column: 'name', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select(...USER_COLUMNS);
  return rows.map(toUserRecord);
}

/** The e-mail of each of these users who is a member of the tenant, by user id. */
export async function tenantMemberEmails(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows: Array<{ id: string; email: string }> = await db('users')
    .where({ tenant_id: tenantId })
    .whereIn('id', [...new Set(userIds)])
    .select('id', 'email');
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Deletes the member's account; their sessions go with it (refresh-token families cascade). */
export async function deleteTenantMember(db: Db, tenantId: string, userId: string): Promise<boolean> {
  return (await db('users').where({ id: userId, tenant_id: tenantId, is_tenant_owner: false }).delete()) === 1;
}

export async function updateMemberRole(
  db: Db,
  tenantId: string,
  userId: string,
  role: Role,
  now: string,
): Promise<boolean> {
  const changed = await db('users')
    .where({ id: userId, tenant_id: tenantId, is_tenant_owner: false })
    .update({ role, session_version: nextSessionVersion(db), updated_at: now });
  return changed === 1;
}
