import { WEBHOOK_EVENTS } from '../schemas/webhook-events.schema';
import { toJsonSchema, type JsonSchema } from './json-schema';
import type { WebhookEventType } from './webhooks.types';

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The event id: the same on every attempt and redelivery; drop repeats by it.' },
  { name: 'webhook-timestamp', description: 'When the attempt was signed, in seconds since the epoch.' },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<id>.<timestamp>.<body>`; two for 24 h after a secret ' +
      "rotation. Verify with any Standard Webhooks library and the endpoint's `whsec_` secret.",
  },
];

/** The body of a delivery of this event: its type, when it happened and its data. */
export function webhookPayloadSchema(type: WebhookEventType): JsonSchema {
  return {
    type: 'object',
    required: ['type', 'timestamp', 'data'],
    properties: {
      type: { const: type },
      timestamp: { type: 'string', format: 'date-time' },
      data: { ...toJsonSchema(WEBHOOK_EVENTS[type].data), additionalProperties: false },
    },
  };
}

/**
 * The document's `webhooks` (OpenAPI 3.1): every event Parley POSTs to an endpoint, signed per Standard Webhooks,
 * retried on 429, 5xx and time-outs (15 s) at 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; 410 Gone disables the
 * endpoint.
 */
export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]).map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: WEBHOOK_EVENTS[type].summary,
          tags: ['webhookEvents'],
          parameters: SIGNATURE_HEADERS.map((header) => ({
            ...header,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: { required: true, content: { 'application/json': { schema: webhookPayloadSchema(type) } } },
          responses: {
            '2XX': { description: 'Received. Any other answer is a failure.' },
            '410': { description: 'Gone: the endpoint is disabled at once and sent nothing more.' },
            '429': { description: 'Retried, after the Retry-After header when given.' },
            '5XX': { description: 'Retried on the schedule.' },
          },
        },
      },
    ]),
  );
}
