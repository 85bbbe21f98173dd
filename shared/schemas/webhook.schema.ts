import { array, boolean, mixed, object, type InferType } from 'yup';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type SubscribableWebhookEventType,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '../api/webhooks.types';
import { cursor, pageLimit } from './contact.schema';
import { trimmedText } from './strict-text.schema';

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the address deliveries are sent to',
  urlInvalid: 'Enter a full https:// address without a user name or password',
  eventTypesRequired: 'Choose at least one event',
  eventTypeInvalid: 'Not a webhook event',
} as const;

/** Whether the text is an http(s) address without credentials; the server then asks https outside the demo. */
function isWebAddress(value: string | undefined): boolean {
  if (!value) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const endpointUrl = () =>
  trimmedText()
    .max(2048, 'The address must be at most 2048 characters')
    .test('url', WEBHOOK_MESSAGES.urlInvalid, isWebAddress);

const eventTypes = () =>
  array()
    .typeError(WEBHOOK_MESSAGES.eventTypesRequired)
    .of(
      mixed<SubscribableWebhookEventType>()
        .oneOf([...WEBHOOK_EVENT_TYPES], WEBHOOK_MESSAGES.eventTypeInvalid)
        .defined(),
    )
    .min(1, WEBHOOK_MESSAGES.eventTypesRequired)
    .test('unique', 'Each event may be chosen once', (types) => !types || new Set(types).size === types.length);

const description = () => trimmedText().max(500, 'The description must be at most 500 characters');

export const createWebhookEndpointSchema = object({
  url: endpointUrl().required(WEBHOOK_MESSAGES.urlRequired),
  description: description().optional(),
  eventTypes: eventTypes().required(WEBHOOK_MESSAGES.eventTypesRequired),
  enabled: boolean().strict().typeError('Enabled must be true or false').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type CreateWebhookEndpointRequest = InferType<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = object({
  url: endpointUrl().optional(),
  description: description().nullable().optional(),
  eventTypes: eventTypes().optional(),
  enabled: boolean().strict().typeError('Enabled must be true or false').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type UpdateWebhookEndpointRequest = InferType<typeof updateWebhookEndpointSchema>;

export const webhookDeliveriesQuerySchema = object({
  limit: pageLimit(),
  after: cursor(),
  status: mixed<WebhookDeliveryStatus>()
    .oneOf([...WEBHOOK_DELIVERY_STATUSES], 'Status must be pending, succeeded or failed')
    .optional(),
  eventType: mixed<WebhookEventType>()
    .oneOf([...WEBHOOK_EVENT_TYPES, 'webhook.test'], WEBHOOK_MESSAGES.eventTypeInvalid)
    .optional(),
}).noUnknown('Unknown field: ${unknown}');
export type WebhookDeliveriesQuery = InferType<typeof webhookDeliveriesQuerySchema>;
