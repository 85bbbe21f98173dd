import { toIso, type Db } from '../../db/database';

export interface PendingInvitation {
  id: string;
  tenantId: string;
  role: 'user' | 'admin';
  inviteeEmail: string;
}

/** A pending, unexpired invitation for exactly this e-mail; the role comes from the row, never the request. */
export async function findInvitationForSignup(
  db: Db,
  tokenHash: string,
  email: string,
  nowIso: string,
): Promise<PendingInvitation | undefined> {
  const row = await db('invitations').where({ token_hash: tokenHash, status: 'pending' }).first();
  if (!row || toIso(row.expires_at) <= nowIso || String(row.invitee_email).toLowerCase() !== email.toLowerCase()) {
    return undefined;
  }
  return { id: row.id, tenantId: row.tenant_id, role: row.role, inviteeEmail: row.invitee_email };
}

export async function markInvitationAccepted(db: Db, id: string, nowIso: string): Promise<void> {
  await db('invitations')
    .where({ id, status: 'pending' })
    .update({ status: 'accepted', accepted_at: nowIso, updated_at: nowIso });
}

export interface InvitationDetails {
  inviteeEmail: string;
  tenant: { name: string };
  inviter: { username: string; email: string } | null;
}

export async function findInvitationDetails(
  db: Db,
  tokenHash: string,
  nowIso: string,
): Promise<InvitationDetails | undefined> {
  const row = await db('invitations as i')
    .join('tenants as t', 't.id', 'i.tenant_id')
    .leftJoin('users as u', 'u.id', 'i.inviter_user_id')
    .where({ 'i.token_hash': tokenHash, 'i.status': 'pending' })
    .first('i.invitee_email', 'i.expires_at', 't.name as tenant_name', 'u.email as inviter_email');
  if (!row || toIso(row.expires_at) <= nowIso) return undefined;
  return {
    inviteeEmail: row.invitee_email,
    tenant: { name: row.tenant_name },
    inviter: row.inviter_email ? { username: row.inviter_email, email: row.inviter_email } : null,
  };
}
