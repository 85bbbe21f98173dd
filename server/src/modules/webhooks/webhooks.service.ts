import type { Knex } from 'knex';
import type { LiveEvent } from '@shared/api/events.types';
import {
  isSubscribableEventType,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventData,
  type WebhookSecretResponse,
} from '@shared/api/webhooks.types';
import { WEBHOOK_SECRET_OVERLAP_MS } from '@shared/domain/webhook-retry';
import type {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveriesQuery,
} from '@shared/schemas/webhook.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newSequentialId } from '../../lib/ids';
import type { UsersService } from '../users/users.service';
import { createWebhookDelivery } from './webhook-delivery';
import { newWebhookSecret } from './webhook-signing';
import {
  countDeliveries,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  settledSince,
  updateEndpoint,
  pruneMessagesBefore,
  type DeliveryRecord,
  type EndpointRecord,
} from './webhooks.store';

export type WebhooksService = ReturnType<typeof createWebhooksService>;

export const WEBHOOK_PRUNE_JOB = 'webhook-prune';

/** How long the delivery log keeps an event; redelivery reaches this far back. */
export const WEBHOOK_LOG_DAYS = 30;
const PRUNE_BATCH = 1000;

const DAY_MS = 24 * 3600 * 1000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or in the demo http to this computer (a local receiver). */
function checkUrl(url: string, demo: boolean): void {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return;
  if (demo && LOOPBACK_HOSTS.has(parsed.hostname)) return;
  throw invalidField(
    'url',
    demo ? 'Use an https:// address, or http:// to this computer (localhost) in the demo' : 'Use an https:// address',
  );
}

/**
 * Webhooks: a tenant's endpoints, their delivery log, test events and redelivery; the deliveries themselves are
 * webhook-delivery.ts's.
 */
export function createWebhooksService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'outbound' | 'mail' | 'logger'>,
  users: Pick<UsersService, 'listTeam'>,
) {
  const { db } = deps;
  const now = () => isoNow(deps.clock);

  async function shown(tenantId: string, records: readonly EndpointRecord[]): Promise<WebhookEndpoint[]> {
    const since = new Date(deps.clock.now().getTime() - DAY_MS).toISOString();
    const figures = await settledSince(db, tenantId, since);
    return records.map(({ tenantId: _tenant, secret: _secret, previousSecret: _previous, ...endpoint }) => ({
      ...endpoint,
      last24h: figures.get(endpoint.id) ?? { settled: 0, succeeded: 0 },
    }));
  }

  const withoutTenant = ({ tenantId: _tenant, ...delivery }: DeliveryRecord): WebhookDelivery => delivery;

  /** A delivery as the API shows it, just made. */
  async function deliveryShown(id: string | undefined): Promise<WebhookDelivery> {
    const delivery = id ? await findDelivery(db, id) : undefined;
    if (!delivery) throw new DomainError('NOT_FOUND');
    return withoutTenant(delivery);
  }

  async function endpointOf(tenantId: string, id: string): Promise<EndpointRecord> {
    const endpoint = await findEndpoint(db, tenantId, id);
    if (!endpoint) throw new DomainError('NOT_FOUND');
    return endpoint;
  }

  async function shownOne(endpoint: EndpointRecord): Promise<WebhookEndpoint> {
    const [one] = await shown(endpoint.tenantId, [endpoint]);
    if (!one) throw new DomainError('NOT_FOUND');
    return one;
  }

  const { sendAttempt, enqueue, attempt, publish, usePayloadFilter } = createWebhookDelivery(deps, users);

  return {
    async list(tenantId: string): Promise<WebhookEndpoint[]> {
      return shown(tenantId, await listEndpoints(db, tenantId));
    },

    async get(tenantId: string, id: string): Promise<WebhookEndpoint> {
      return shownOne(await endpointOf(tenantId, id));
    },

    /** Adds an endpoint; its secret is in this answer only. */
    async create(tenantId: string, input: CreateWebhookEndpointRequest): Promise<WebhookSecretResponse> {
      checkUrl(input.url, deps.config.seedDemo);
      const id = newSequentialId();
      const secret = newWebhookSecret();
      await insertEndpoint(
        db,
        tenantId,
        {
          id,
          url: input.url,
          description: input.description || null,
          eventTypes: input.eventTypes,
          enabled: input.enabled ?? true,
          secret,
        },
        now(),
      );
      return { endpoint: await shownOne(await endpointOf(tenantId, id)), secret };
    },

    /** Changes an endpoint; enabling it again starts its failure count afresh. */
    async update(tenantId: string, id: string, input: UpdateWebhookEndpointRequest): Promise<WebhookEndpoint> {
      const current = await endpointOf(tenantId, id);
      if (input.url !== undefined) checkUrl(input.url, deps.config.seedDemo);
      const enabling = input.enabled === true && !current.enabled;
      await updateEndpoint(
        db,
        tenantId,
        id,
        {
          url: input.url,
          description: input.description === undefined ? undefined : input.description || null,
          eventTypes: input.eventTypes,
          enabled: input.enabled,
          disabledReason:
            input.enabled === undefined ? undefined : input.enabled ? null : (current.disabledReason ?? 'manual'),
          failingSince: enabling ? null : undefined,
        },
        now(),
      );
      return shownOne(await endpointOf(tenantId, id));
    },

    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await deleteEndpoint(db, tenantId, id))) throw new DomainError('NOT_FOUND');
    },

    /** A new secret, shown once; the previous one keeps signing beside it for 24 h, so receivers can switch over. */
    async rotateSecret(tenantId: string, id: string): Promise<WebhookSecretResponse> {
      const current = await endpointOf(tenantId, id);
      const secret = newWebhookSecret();
      const expires = new Date(deps.clock.now().getTime() + WEBHOOK_SECRET_OVERLAP_MS).toISOString();
      await updateEndpoint(
        db,
        tenantId,
        id,
        { secret, previousSecret: current.secret, previousSecretExpiresAt: expires },
        now(),
      );
      return { endpoint: await shownOne(await endpointOf(tenantId, id)), secret };
    },

    /** Sends a `webhook.test` event to this endpoint alone. */
    async sendTest(tenantId: string, id: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(tenantId, id);
      if (!endpoint.enabled)
        throw new DomainError('WEBHOOK_ENDPOINT_DISABLED', 'Enable the endpoint to send it a test event');
      const [deliveryId] = await db.transaction((trx) =>
        enqueue(trx, tenantId, 'webhook.test', { endpointId: id, message: 'A test event from Parley' }, [endpoint]),
      );
      return deliveryShown(deliveryId);
    },

    async deliveries(
      tenantId: string,
      endpointId: string,
      query: WebhookDeliveriesQuery,
    ): Promise<WebhookDeliveriesPage> {
      await endpointOf(tenantId, endpointId);
      const [rows, total] = await Promise.all([
        listDeliveries(db, tenantId, endpointId, query),
        countDeliveries(db, tenantId, endpointId, query),
      ]);
      const deliveries = rows.slice(0, query.limit).map(withoutTenant);
      return { deliveries, nextCursor: rows.length > query.limit ? (deliveries.at(-1)?.id ?? null) : null, total };
    },

    /** Sends a settled delivery's event again, as a new delivery with the same event id and its own retries. */
    async redeliver(tenantId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(tenantId, endpointId);
      const original = await findDelivery(db, deliveryId);
      if (!original || original.tenantId !== tenantId || original.endpointId !== endpointId) {
        throw new DomainError('NOT_FOUND');
      }
      if (!endpoint.enabled)
        throw new DomainError('WEBHOOK_ENDPOINT_DISABLED', 'Enable the endpoint to redeliver to it');
      if (original.status === 'pending') throw new DomainError('WEBHOOK_DELIVERY_PENDING');
      const id = newSequentialId();
      await db.transaction(async (trx) => {
        await insertDeliveries(
          trx,
          [
            {
              id,
              tenantId,
              endpointId,
              messageId: original.eventId,
              eventType: original.eventType,
              redeliveryOf: original.id,
            },
          ],
          now(),
        );
        await sendAttempt({ deliveryId: id, attemptsBefore: 0 }, {}, trx);
      });
      return deliveryShown(id);
    },

    publish,
    usePayloadFilter,

    /** Forgets events older than the log keeps, with their deliveries; resolves to how many went. */
    async prune(): Promise<number> {
      const before = new Date(deps.clock.now().getTime() - WEBHOOK_LOG_DAYS * DAY_MS).toISOString();
      let pruned = 0;
      for (;;) {
        const batch = await pruneMessagesBefore(db, before, PRUNE_BATCH);
        pruned += batch;
        if (batch < PRUNE_BATCH) return pruned;
      }
    },

    /** The live events that are also webhook events go out as webhooks too, in the transaction that publishes them. */
    async publishLiveEvent(tenantId: string, event: LiveEvent, trx: Knex.Transaction): Promise<void> {
      if (!isSubscribableEventType(event.type)) return;
      await publish(tenantId, event.type, event.data as WebhookEventData[typeof event.type], trx);
    },

    attempt,
  };
}
