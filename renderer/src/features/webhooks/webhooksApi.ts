import { apiRoutes } from '@shared/api/routes';
import type {
  WebhookDeliveriesPage,
  WebhookDelivery,
  WebhookDeliveryResponse,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookEventType,
  WebhookSecretResponse,
} from '@shared/api/webhooks.types';
import type { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest } from '@shared/schemas/webhook.schema';
import { injectEndpoints } from '../../core/baseApi';

export interface WebhookDeliveriesQuery {
  endpointId: string;
  limit: number;
  /** The previous page's nextCursor; none for the first page. */
  after?: string;
  status?: WebhookDeliveryStatus;
  eventType?: WebhookEventType;
}

const routes = apiRoutes.webhookEndpoints;
const ENDPOINTS = { type: 'WebhookEndpoint', id: 'LIST' } as const;
const DELIVERIES = { type: 'WebhookDelivery', id: 'LIST' } as const;

/** Account → Webhooks: the tenant's endpoints, their secrets (shown once), test events, delivery logs, redelivery. */
export const webhooksApi = injectEndpoints({
  endpoints: (build) => ({
    getWebhookEndpoints: build.query<WebhookEndpoint[], void>({
      query: () => routes.collection.relative(),
      transformResponse: (response: WebhookEndpointsResponse) => response.endpoints,
      providesTags: [ENDPOINTS],
    }),
    createWebhookEndpoint: build.mutation<WebhookSecretResponse, CreateWebhookEndpointRequest>({
      query: (body) => ({ url: routes.collection.relative(), method: 'POST', body }),
      invalidatesTags: [ENDPOINTS],
    }),
    updateWebhookEndpoint: build.mutation<WebhookEndpoint, { id: string; changes: UpdateWebhookEndpointRequest }>({
      query: ({ id, changes }) => ({ url: routes.byId.relative(id), method: 'PATCH', body: changes }),
      transformResponse: (response: WebhookEndpointResponse) => response.endpoint,
      invalidatesTags: [ENDPOINTS],
    }),
    deleteWebhookEndpoint: build.mutation<void, string>({
      query: (id) => ({ url: routes.byId.relative(id), method: 'DELETE' }),
      invalidatesTags: [ENDPOINTS, DELIVERIES],
    }),
    rotateWebhookSecret: build.mutation<WebhookSecretResponse, string>({
      query: (id) => ({ url: routes.rotateSecret.relative(id), method: 'POST' }),
      invalidatesTags: [ENDPOINTS],
    }),
    sendWebhookTest: build.mutation<WebhookDelivery, string>({
      query: (id) => ({ url: routes.test.relative(id), method: 'POST' }),
      transformResponse: (response: WebhookDeliveryResponse) => response.delivery,
      invalidatesTags: [ENDPOINTS, DELIVERIES],
    }),
    getWebhookDeliveries: build.query<WebhookDeliveriesPage, WebhookDeliveriesQuery>({
      query: ({ endpointId, limit, after, status, eventType }) => ({
        url: routes.deliveries.relative(endpointId),
        params: {
          limit: String(limit),
          ...(after ? { after } : {}),
          ...(status ? { status } : {}),
          ...(eventType ? { eventType } : {}),
        },
      }),
      providesTags: [DELIVERIES],
    }),
    redeliverWebhook: build.mutation<WebhookDelivery, { endpointId: string; deliveryId: string }>({
      query: ({ endpointId, deliveryId }) => ({
        url: routes.redeliver.relative(endpointId, deliveryId),
        method: 'POST',
      }),
      transformResponse: (response: WebhookDeliveryResponse) => response.delivery,
      invalidatesTags: [ENDPOINTS, DELIVERIES],
    }),
  }),
});

export const {
  useGetWebhookEndpointsQuery,
  useCreateWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useGetWebhookDeliveriesQuery,
  useRedeliverWebhookMutation,
} = webhooksApi;
