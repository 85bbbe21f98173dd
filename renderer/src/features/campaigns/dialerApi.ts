import type {
  BatchCallResponse,
  CallAttempt,
  CampaignAnalytics,
  CallAttemptsResponse,
  DialingPreview,
  DialingProgress,
} from '@shared/api/dialer.types';
import type {
  MachineVerdict,
  MachineVerdictResponse,
  MachineVerdictsResponse,
} from '@shared/api/machine-verdicts.types';
import { apiRoutes } from '@shared/api/routes';
import type { BatchCallInput } from '@shared/schemas/batch-call.schema';
import { injectEndpoints } from '../../core/baseApi';

/** What the dialer reports of a campaign: a contact's call attempts, the preview before calling, the progress. */
export const dialerApi = injectEndpoints({
  endpoints: (build) => ({
    getContactAttempts: build.query<CallAttempt[], string>({
      query: (contactId) => apiRoutes.dialer.attempts.relative(contactId),
      transformResponse: (response: CallAttemptsResponse) => response.attempts,
      // An attempt on screen changes when its call ends: every finished call of a campaign refreshes it.
      providesTags: [{ type: 'CampaignContact', id: 'ATTEMPTS' }],
      keepUnusedDataFor: 0,
    }),
    getCampaignPreview: build.query<DialingPreview, string>({
      query: (campaignId) => apiRoutes.dialer.preview.relative(campaignId),
      keepUnusedDataFor: 0,
    }),
    /** Changes as the dialer works and with every change to the contacts. */
    getCampaignProgress: build.query<DialingProgress, string>({
      query: (campaignId) => apiRoutes.dialer.progress.relative(campaignId),
      providesTags: (_progress, _error, campaignId) => [{ type: 'CampaignContact', id: campaignId }],
    }),
    /** The Analytics tab over a period of the campaign's days; refreshed with its progress. */
    getCampaignAnalytics: build.query<CampaignAnalytics, { campaignId: string; from: string; to: string }>({
      query: ({ campaignId, from, to }) => ({
        url: apiRoutes.dialer.analytics.relative(campaignId),
        params: { from, to },
      }),
      providesTags: (_analytics, _error, { campaignId }) => [{ type: 'CampaignContact', id: campaignId }],
    }),
    /** A sample of the campaign's machine verdicts with their evidence, for an admin to review (issue 23). */
    getMachineVerdicts: build.query<MachineVerdictsResponse, string>({
      query: (campaignId) => ({
        url: apiRoutes.machineVerdicts.collection.relative(campaignId),
        params: { limit: 20 },
      }),
      providesTags: (_verdicts, _error, campaignId) => [{ type: 'CampaignContact', id: campaignId }],
    }),
    reviewMachineVerdict: build.mutation<MachineVerdict, { campaignId: string; callId: string; wrong: boolean }>({
      query: ({ campaignId, callId, wrong }) => ({
        url: apiRoutes.machineVerdicts.byCall.relative(campaignId, callId),
        method: 'PATCH',
        body: { wrong },
      }),
      transformResponse: (response: MachineVerdictResponse) => response.verdict,
      invalidatesTags: (_result, _error, { campaignId }) => [{ type: 'CampaignContact', id: campaignId }],
    }),
    /** Spec 000 §5: the chosen contacts now or at a time, through the provider's batch calling. */
    startBatchCall: build.mutation<BatchCallResponse, { campaignId: string; batch: BatchCallInput }>({
      query: ({ campaignId, batch }) => ({
        url: apiRoutes.dialer.batchCalls.relative(campaignId),
        method: 'POST',
        body: batch,
      }),
      invalidatesTags: (_result, _error, { campaignId }) => [{ type: 'CampaignContact', id: campaignId }],
    }),
  }),
});

export const {
  useGetContactAttemptsQuery,
  useGetCampaignPreviewQuery,
  useGetCampaignProgressQuery,
  useGetCampaignAnalyticsQuery,
  useStartBatchCallMutation,
  useGetMachineVerdictsQuery,
  useReviewMachineVerdictMutation,
} = dialerApi;
