import type { AuthUser } from '@shared/api/auth.types';
import { isAdminRole, type Role } from '@shared/domain/roles';
import { countRows, toBool, type Db } from '../../db/database';

export interface UserRow {
  id: string;
  tenant_id: string | null;
  name: string;
  email: string;
  role: Role;
  password_hash: string;
  email_verified: boolean | number;
  is_tenant_owner: boolean | number;
  active: boolean | number;
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    username: row.email,
    role: row.role,
    tenantId: row.tenant_id,
    emailVerified: toBool(row.email_verified),
    isAdmin: isAdminRole(row.role),
  };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: email.toLowerCase() }).first();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export function findUserByTokenHash(
  db: Db,
  column: 'password_reset_token_hash' | 'email_verification_token_hash',
  tokenHash: string,
): Promise<(UserRow & { expires_at: unknown }) | undefined> {
  const expiresColumn =
    column === 'password_reset_token_hash' ? 'password_reset_expires_at' : 'email_verification_expires_at';
  return db('users').where(column, tokenHash).first('*', db.ref(expiresColumn).as('expires_at')) as Promise<
    (UserRow & { expires_at: unknown }) | undefined
  >;
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
