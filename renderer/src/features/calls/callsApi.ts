import type {
  AnalysisRunResponse,
  AnalysisRunScope,
  CallDetailResponse,
  CallsAnalyticsResponse,
  RecentCallsResponse,
} from '@shared/api/calls.types';
import { apiRoutes } from '@shared/api/routes';
import type { CallsPeriod } from '@shared/schemas/calls.schema';
import { injectEndpoints } from '../../core/baseApi';

/** Query parameters without the ones not given. */
const defined = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/** Calls: one call's detail, the tenant's calls page by page, the dashboard's analytics, and re-analysis runs. */
export const callsApi = injectEndpoints({
  endpoints: (build) => ({
    getCall: build.query<CallDetailResponse, string>({
      query: (id) => apiRoutes.calls.byId.relative(id),
      providesTags: (_call, _error, id) => [{ type: 'Call', id }],
    }),
    getCalls: build.query<
      RecentCallsResponse,
      { page: number; pageSize: number; agentId?: string; disclosureMissing?: boolean }
    >({
      query: ({ page, pageSize, agentId, disclosureMissing }) => ({
        url: apiRoutes.calls.list.relative(),
        params: defined({ page, pageSize, agentId, disclosureMissing: disclosureMissing ? 'true' : undefined }),
      }),
      providesTags: [{ type: 'Call', id: 'LIST' }],
    }),
    getCallsAnalytics: build.query<CallsAnalyticsResponse, { period: CallsPeriod; agentId?: string }>({
      query: ({ period, agentId }) => ({
        url: apiRoutes.calls.analytics.relative(),
        params: defined({ period, agentId }),
      }),
      providesTags: [{ type: 'CallsAnalytics', id: 'CURRENT' }],
    }),
    /**
     * The call's recording as a blob, fetched with the session's bearer token like every request (an <audio> src
     * could not send it, and a token in the URL would leak into logs). A mutation: the audio is not kept in the store's
     * cache; the page holds it as an object URL while it is open.
     */
    fetchCallRecording: build.mutation<Blob, string>({
      query: (id) => ({
        url: apiRoutes.calls.recording.relative(id),
        responseHandler: (response) => (response.ok ? response.blob() : response.json()),
      }),
    }),
    startAnalysisRun: build.mutation<AnalysisRunResponse, { scope: AnalysisRunScope; id: string }>({
      query: (body) => ({ url: apiRoutes.analysisRuns.collection.relative(), method: 'POST', body }),
    }),
    getAnalysisRun: build.query<AnalysisRunResponse, string>({
      query: (id) => apiRoutes.analysisRuns.byId.relative(id),
      providesTags: (_run, _error, id) => [{ type: 'AnalysisRun', id }],
    }),
  }),
});

export const {
  useGetCallQuery,
  useGetCallsQuery,
  useGetCallsAnalyticsQuery,
  useStartAnalysisRunMutation,
  useGetAnalysisRunQuery,
  useFetchCallRecordingMutation,
} = callsApi;
