import type { DoNotCallEntry, DoNotCallImportResponse, DoNotCallPage } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import type { AddDoNotCallRequest } from '@shared/schemas/contact.schema';
import { injectEndpoints } from '../../core/baseApi';

export interface DoNotCallPageQuery {
  limit: number;
  /** The previous page's nextCursor; none for the first page. */
  after?: string;
  /** Digits of the number. */
  search?: string;
}

/** Every page of the list, whatever its search, is refreshed by a change to the list. */
const LIST = { type: 'DoNotCall', id: 'LIST' } as const;

/** The tenant's do-not-call list (spec 000 §7): keyset-paged list with search, add, remove, CSV import and export. */
export const doNotCallApi = injectEndpoints({
  endpoints: (build) => ({
    getDoNotCallEntries: build.query<DoNotCallPage, DoNotCallPageQuery>({
      query: ({ limit, after, search }) => ({
        url: apiRoutes.doNotCall.collection.relative(),
        params: { limit: String(limit), ...(after ? { after } : {}), ...(search ? { search } : {}) },
      }),
      providesTags: [LIST],
    }),
    addDoNotCallEntry: build.mutation<DoNotCallEntry, AddDoNotCallRequest>({
      query: (body) => ({ url: apiRoutes.doNotCall.collection.relative(), method: 'POST', body }),
      transformResponse: (response: { entry: DoNotCallEntry }) => response.entry,
      invalidatesTags: [LIST],
    }),
    removeDoNotCallEntry: build.mutation<void, string>({
      query: (id) => ({ url: apiRoutes.doNotCall.byId.relative(id), method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    /** Adds the file's numbers (first column, after a header line) in one piece; answers what was skipped and why. */
    importDoNotCall: build.mutation<DoNotCallImportResponse, Blob>({
      query: (file) => ({
        url: apiRoutes.doNotCall.import.relative(),
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body: file,
      }),
      // The numbers added end pending contacts in every campaign: their lists are read again.
      invalidatesTags: (result) => (result && result.endedContacts > 0 ? [LIST, 'CampaignContact'] : [LIST]),
    }),
    /** The whole list as a CSV file. */
    exportDoNotCall: build.mutation<Blob, void>({
      query: () => ({
        url: apiRoutes.doNotCall.export.relative(),
        responseHandler: (response) => (response.ok ? response.blob() : response.json()),
      }),
    }),
  }),
});

export const {
  useGetDoNotCallEntriesQuery,
  useAddDoNotCallEntryMutation,
  useRemoveDoNotCallEntryMutation,
  useImportDoNotCallMutation,
  useExportDoNotCallMutation,
} = doNotCallApi;
