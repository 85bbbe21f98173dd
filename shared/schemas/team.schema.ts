import { array, boolean, object, type InferType } from 'yup';
import { ROLES } from '../domain/roles';
import { isoDateTime, lowercaseText, text, trimmedText } from './strict-text.schema';

/** Roles an admin may give a member or an invitee; superadmin is the platform's, never a tenant's to give. */
export const TEAM_ROLES = ['user', 'admin'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The Invite Team Members form (spec 001 §5): the texts the form shows beside the field. */
export const inviteFormSchema = object({
  email: lowercaseText()
    .required('Please enter an email address.')
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address.')
    .max(254, 'Please enter a valid email address.'),
  role: trimmedText().oneOf(TEAM_ROLES, 'Role must be user or admin').default('user'),
});
export type InviteForm = InferType<typeof inviteFormSchema>;

/** POST /api/tenant/invite (spec 000 §5): email valid, role user or admin, default user. */
export const inviteSchema = object({
  email: lowercaseText()
    .required('Invalid email format')
    .email('Invalid email format')
    .max(254, 'Invalid email format'),
  role: trimmedText().oneOf(TEAM_ROLES, 'Role must be user or admin').default('user'),
}).noUnknown('Unknown field: ${unknown}');
export type InviteRequest = InferType<typeof inviteSchema>;

/** PATCH /api/tenants/:tenantId/users/:userId: an admin moves a member between user and admin. */
export const changeRoleSchema = object({
  role: trimmedText().required('Role is required').oneOf(TEAM_ROLES, 'Role must be user or admin'),
}).noUnknown('Unknown field: ${unknown}');
export type ChangeRoleRequest = InferType<typeof changeRoleSchema>;

// Answers of the team routes, published in the OpenAPI document and checked against it by the API tests.

const teamMember = object({
  id: text().required(),
  username: text().required(),
  email: text().required(),
  isTenantOwner: boolean().required(),
  role: text().required().oneOf(ROLES),
}).noUnknown();

const pendingInvitation = object({
  id: text().required(),
  inviteeEmail: text().required(),
  role: text().required().oneOf(TEAM_ROLES),
  expiresAt: isoDateTime().required(),
  createdAt: isoDateTime().required(),
}).noUnknown();

export const teamResponseSchema = object({
  users: array(teamMember.required()).required(),
  invitations: array(pendingInvitation.required()).required(),
}).noUnknown();

export const teamMemberResponseSchema = object({ user: teamMember.required() }).noUnknown();

export const inviteResponseSchema = object({
  message: text().required(),
  invitation: pendingInvitation.required(),
}).noUnknown();

export const invitationDetailsSchema = object({
  inviteeEmail: text().required(),
  tenant: object({ name: text().required() }).noUnknown().required(),
  inviter: object({ username: text().required(), email: text().required() }).noUnknown().nullable().defined(),
}).noUnknown();
