import type { CallbackResponse, CallbacksPage, CallbackStatus, Callback } from '@shared/api/callbacks.types';
import { apiRoutes } from '@shared/api/routes';
import type { TeamResponse } from '@shared/api/team.types';
import type { UpdateCallbackRequest } from '@shared/schemas/callback.schema';
import { injectEndpoints } from '../../core/baseApi';

export interface CallbacksPageQuery {
  limit: number;
  /** The previous page's nextCursor; none for the first page. */
  after?: string;
  status?: CallbackStatus;
}

const LIST = { type: 'Callback', id: 'LIST' } as const;

/** Callbacks a missed transfer left: keyset pages by status, and taking, closing or cancelling one. */
export const callbacksApi = injectEndpoints({
  endpoints: (build) => ({
    getCallbacks: build.query<CallbacksPage, CallbacksPageQuery>({
      query: ({ limit, after, status }) => ({
        url: apiRoutes.callbacks.collection.relative(),
        params: { limit: String(limit), ...(after ? { after } : {}), ...(status ? { status } : {}) },
      }),
      providesTags: [LIST],
    }),
    /** The members an admin may give a callback to (the team list, admins only). */
    getCallbackAssignees: build.query<TeamResponse['users'], string>({
      query: (tenantId) => apiRoutes.team.members.relative(tenantId),
      transformResponse: (response: TeamResponse) => response.users,
      providesTags: [{ type: 'Team', id: 'CURRENT' }],
    }),
    updateCallback: build.mutation<Callback, { id: string; changes: UpdateCallbackRequest }>({
      query: ({ id, changes }) => ({ url: apiRoutes.callbacks.byId.relative(id), method: 'PATCH', body: changes }),
      transformResponse: (response: CallbackResponse) => response.callback,
      invalidatesTags: [LIST],
    }),
  }),
});

export const { useGetCallbacksQuery, useGetCallbackAssigneesQuery, useUpdateCallbackMutation } = callbacksApi;
