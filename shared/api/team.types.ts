import type { Role } from '../domain/roles';

/** A member of the tenant as Your Team lists them (spec 001 §3). */
export interface TeamMember {
  id: string;
  username: string;
  email: string;
  isTenantOwner: boolean;
  role: Role;
}

/** An invitation not yet accepted, revoked or expired. */
export interface PendingInvitation {
  id: string;
  inviteeEmail: string;
  role: 'user' | 'admin';
  expiresAt: string;
  createdAt: string;
}

/** GET /api/tenants/:tenantId/users */
export interface TeamResponse {
  users: TeamMember[];
  invitations: PendingInvitation[];
}

/** POST /api/tenant/invite and POST …/invitations/:id/resend */
export interface InviteResponse {
  message: string;
  invitation: PendingInvitation;
}

/** PATCH /api/tenants/:tenantId/users/:userId */
export interface TeamMemberResponse {
  user: TeamMember;
}

/** GET /api/invitations/:token (spec 001 §3). */
export interface InvitationDetails {
  inviteeEmail: string;
  tenant: { name: string };
  inviter: { username: string; email: string } | null;
}
