import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * Webhook deliveries in flight, across every process: a delivery being sent holds a lease until its attempt is
 * recorded (or the lease runs out, after a crash); a tenant's and an endpoint's live leases are counted under the
 * tenant's lock, so their bounds hold however many workers send.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.timestamp('sending_until', { useTz: true }).nullable();
    t.index(['tenant_id', 'sending_until'], 'webhook_deliveries_tenant_sending_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropIndex(['tenant_id', 'sending_until'], 'webhook_deliveries_tenant_sending_idx');
  });
  await dropColumnInPlace(knex, 'webhook_deliveries', 'sending_until');
}
