import type { Campaign } from '@shared/api/campaigns.types';
import type { ContactSyncResponse } from '@shared/api/contact-sync.types';
import type { ContactsPage } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { CONTACTS_PAGE } from '@shared/schemas/contact.schema';
import type { ContactSyncChange } from '@shared/schemas/contact-sync.schema';
import { injectEndpoints } from '../../core/baseApi';

export interface ContactDraftSync {
  campaignId: string;
  /** The draft's pendingSyncKey: the same for every attempt until an answer arrives. */
  idempotencyKey: string;
  changes: ContactSyncChange[];
}

/** Reading a campaign's contacts into a draft (largest pages), and syncing the draft's changes back. */
export const contactDraftsApi = injectEndpoints({
  endpoints: (build) => ({
    /**
     * The campaign a draft starts from (its name goes with the draft). The campaigns feature has the same read; this
     * one keeps its API module out of the dashboard's first load, which imports that feature's index.
     */
    getDraftCampaign: build.query<Campaign, string>({
      query: (id) => apiRoutes.campaigns.byId.relative(id),
      transformResponse: (response: { campaign: Campaign }) => response.campaign,
      providesTags: (_campaign, _error, id) => [{ type: 'Campaign', id }],
    }),
    getDraftSourcePage: build.query<ContactsPage, { campaignId: string; after: string | null }>({
      query: ({ campaignId, after }) => ({
        url: apiRoutes.contacts.collection.relative(campaignId),
        params: { limit: String(CONTACTS_PAGE.maxLimit), ...(after ? { after } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    syncContactDraft: build.mutation<ContactSyncResponse, ContactDraftSync>({
      query: ({ campaignId, idempotencyKey, changes }) => ({
        url: apiRoutes.contacts.sync.relative(campaignId),
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: { changes },
      }),
      invalidatesTags: (_response, _error, { campaignId }) => [{ type: 'CampaignContact', id: campaignId }],
    }),
  }),
});

export const { useGetDraftCampaignQuery, useLazyGetDraftSourcePageQuery, useSyncContactDraftMutation } =
  contactDraftsApi;
