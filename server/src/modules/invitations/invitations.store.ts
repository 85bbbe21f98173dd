import type { InvitationDetails, PendingInvitation } from '@shared/api/team.types';
import type { TeamRole } from '@shared/schemas/team.schema';
import { toIso, type Db } from '../../db/database';
import { newId } from '../../lib/ids';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

function toPendingInvitation(row: Record<string, unknown>): PendingInvitation {
  return {
    id: String(row.id),
    inviteeEmail: String(row.invitee_email),
    role: row.role as TeamRole,
    expiresAt: toIso(row.expires_at),
    createdAt: toIso(row.created_at),
  };
}

/** A pending, unexpired invitation for exactly this e-mail; the role comes from the row, never the request. */
export async function findInvitationForSignup(
  db: Db,
  tokenHash: string,
  email: string,
  nowIso: string,
): Promise<{ id: string; tenantId: string; role: TeamRole } | undefined> {
  const row = await db('invitations').where({ token_hash: tokenHash, status: 'pending' }).first();
  if (!row || toIso(row.expires_at) <= nowIso || String(row.invitee_email).toLowerCase() !== email.toLowerCase()) {
    return undefined;
  }
  return { id: row.id, tenantId: row.tenant_id, role: row.role };
}

/** True only for the registration that found the invitation still pending. */
export async function markInvitationAccepted(db: Db, id: string, nowIso: string): Promise<boolean> {
  const changed = await db('invitations')
    .where({ id, status: 'pending' })
    .update({ status: 'accepted', accepted_at: nowIso, updated_at: nowIso });
  return changed === 1;
}

/** What the Accept Invitation form shows, with the invitation's state so the service can say why it is not usable. */
export async function findInvitationByToken(
  db: Db,
  tokenHash: string,
): Promise<{ status: InvitationStatus; expiresAt: string; details: InvitationDetails } | undefined> {
  const row = await db('invitations as i')
    .join('tenants as t', 't.id', 'i.tenant_id')
    .leftJoin('users as u', 'u.id', 'i.inviter_user_id')
    .where({ 'i.token_hash': tokenHash })
    .first(
      'i.invitee_email',
      'i.status',
      'i.expires_at',
      't.name as tenant_name',
      'u.name as inviter_name',
      'u.email as inviter_email',
    );
  if (!row) return undefined;
  return {
    status: row.status,
    expiresAt: toIso(row.expires_at),
    details: {
      inviteeEmail: row.invitee_email,
      tenant: { name: row.tenant_name },
      inviter: row.inviter_email ? { username: row.inviter_name ?? row.inviter_email, email: row.inviter_email } : null,
    },
  };
}

export interface NewInvitation {
  tenantId: string;
  inviterUserId: string | null;
  inviteeEmail: string;
  role: TeamRole;
  tokenHash: string;
  expiresAt: string;
}

/** Revokes the address's pending invitation to this tenant, if any, and stores the new one in its place. */
export async function replacePendingInvitation(
  trx: Db,
  invitation: NewInvitation,
  nowIso: string,
): Promise<PendingInvitation> {
  await trx('invitations')
    .where({ tenant_id: invitation.tenantId, invitee_email: invitation.inviteeEmail, status: 'pending' })
    .update({ status: 'revoked', updated_at: nowIso });
  const row = {
    id: newId(),
    tenant_id: invitation.tenantId,
    inviter_user_id: invitation.inviterUserId,
    invitee_email: invitation.inviteeEmail,
    role: invitation.role,
    status: 'pending',
    token_hash: invitation.tokenHash,
    expires_at: invitation.expiresAt,
    created_at: nowIso,
    updated_at: nowIso,
  };
  await trx('invitations').insert(row);
  return toPendingInvitation(row);
}

/** The tenant's invitations still waiting for their invitee, newest first. */
export async function listPendingInvitations(db: Db, tenantId: string, nowIso: string): Promise<PendingInvitation[]> {
  const rows = await db('invitations')
    .where({ tenant_id: tenantId, status: 'pending' })
    .where('expires_at', '>', nowIso)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('id', 'invitee_email', 'role', 'expires_at', 'created_at');
  return rows.map(toPendingInvitation);
}

export async function findPendingInvitation(
  db: Db,
  tenantId: string,
  id: string,
): Promise<PendingInvitation | undefined> {
  const row = await db('invitations')
    .where({ id, tenant_id: tenantId, status: 'pending' })
    .first('id', 'invitee_email', 'role', 'expires_at', 'created_at');
  return row ? toPendingInvitation(row) : undefined;
}

export async function revokeInvitation(db: Db, tenantId: string, id: string, nowIso: string): Promise<boolean> {
  const changed = await db('invitations')
    .where({ id, tenant_id: tenantId, status: 'pending' })
    .update({ status: 'revoked', updated_at: nowIso });
  return changed === 1;
}

/** A new token and expiry for a pending invitation: the link mailed before stops working. */
export async function renewInvitationToken(
  db: Db,
  tenantId: string,
  id: string,
  tokenHash: string,
  expiresAt: string,
  nowIso: string,
): Promise<boolean> {
  const changed = await db('invitations')
    .where({ id, tenant_id: tenantId, status: 'pending' })
    .update({ token_hash: tokenHash, expires_at: expiresAt, updated_at: nowIso });
  return changed === 1;
}
