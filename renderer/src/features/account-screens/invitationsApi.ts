import { apiRoutes } from '@shared/api/routes';
import type { InvitationDetails } from '@shared/api/team.types';
import { injectEndpoints } from '../../core/baseApi';

/** The public look-up of an invitation by its token (spec 001 §7). */
export const invitationsApi = injectEndpoints({
  endpoints: (build) => ({
    getInvitation: build.query<InvitationDetails, string>({
      query: (token) => apiRoutes.invitations.byToken.relative(token),
    }),
  }),
});

export const { useGetInvitationQuery } = invitationsApi;
