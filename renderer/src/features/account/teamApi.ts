import { apiRoutes } from '@shared/api/routes';
import type { InviteResponse, TeamMemberResponse, TeamResponse } from '@shared/api/team.types';
import type { InviteRequest, TeamRole } from '@shared/schemas/team.schema';
import { injectEndpoints } from '../../core/baseApi';

const TEAM = [{ type: 'Team' as const, id: 'CURRENT' }];

/** Your Team and Invite Team Members (spec 001 §7): the tenant's members and pending invitations. */
export const teamApi = injectEndpoints({
  endpoints: (build) => ({
    getTeam: build.query<TeamResponse, string>({
      query: (tenantId) => apiRoutes.team.members.relative(tenantId),
      providesTags: TEAM,
    }),
    inviteMember: build.mutation<InviteResponse, InviteRequest>({
      query: (body) => ({ url: apiRoutes.tenant.invite.relative(), method: 'POST', body }),
      invalidatesTags: TEAM,
    }),
    changeMemberRole: build.mutation<TeamMemberResponse, { tenantId: string; userId: string; role: TeamRole }>({
      query: ({ tenantId, userId, role }) => ({
        url: apiRoutes.team.member.relative(tenantId, userId),
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: TEAM,
    }),
    removeMember: build.mutation<{ message: string }, { tenantId: string; userId: string }>({
      query: ({ tenantId, userId }) => ({ url: apiRoutes.team.member.relative(tenantId, userId), method: 'DELETE' }),
      invalidatesTags: TEAM,
    }),
    resendInvitation: build.mutation<InviteResponse, { tenantId: string; invitationId: string }>({
      query: ({ tenantId, invitationId }) => ({
        url: apiRoutes.team.resendInvitation.relative(tenantId, invitationId),
        method: 'POST',
      }),
      invalidatesTags: TEAM,
    }),
    revokeInvitation: build.mutation<{ message: string }, { tenantId: string; invitationId: string }>({
      query: ({ tenantId, invitationId }) => ({
        url: apiRoutes.team.invitation.relative(tenantId, invitationId),
        method: 'DELETE',
      }),
      invalidatesTags: TEAM,
    }),
  }),
});

export const {
  useGetTeamQuery,
  useInviteMemberMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} = teamApi;
