import type { Knex } from 'knex';
import { dropColumnInPlace, dropIndexIfExists } from './schema-helpers';

const ATTEMPTS_BY_CAMPAIGN = 'call_attempts_campaign_created';
const ATTEMPTS_BY_CONVERSATION = 'call_attempts_conversation';
const ATTEMPTS_IN_FLIGHT = 'call_attempts_in_flight';
const LEASED_CONTACTS = 'outbound_contacts_leased';

/**
 * The dialer: each attempt knows its campaign (daily caps and intervals count attempts), the provider's ids of the
 * call it placed (conversation and Twilio call sid), the moment after which it may no longer be placed, and why it
 * failed. A contact's lease carries its holder's token. One slot row per campaign and one per telephony account
 * space calls out across all workers; the campaign's pause reason is where the dialer's brakes write.
 */
export async function up(knex: Knex): Promise<void> {
  const attemptColumns: Array<[string, (t: Knex.AlterTableBuilder) => void]> = [
    ['campaign_id', (t) => t.string('campaign_id', 36).nullable()],
    ['conversation_id', (t) => t.string('conversation_id', 255).nullable()],
    ['call_sid', (t) => t.string('call_sid', 64).nullable()],
    ['place_by', (t) => t.timestamp('place_by', { useTz: true }).nullable()],
    ['failure_reason', (t) => t.string('failure_reason', 255).nullable()],
    ['batch_call_id', (t) => t.string('batch_call_id', 64).nullable()],
  ];
  for (const [column, add] of attemptColumns) {
    if (!(await knex.schema.hasColumn('call_attempts', column))) await knex.schema.alterTable('call_attempts', add);
  }
  if (!(await knex.schema.hasColumn('outbound_contacts', 'lease_token'))) {
    await knex.schema.alterTable('outbound_contacts', (t) => t.string('lease_token', 36).nullable());
  }
  // The campaigns module may have added these already (0009); the dialer only needs them present.
  if (!(await knex.schema.hasColumn('campaigns', 'paused_reason'))) {
    await knex.schema.alterTable('campaigns', (t) => t.string('paused_reason', 255).nullable());
  }
  if (!(await knex.schema.hasColumn('campaigns', 'paused_at'))) {
    await knex.schema.alterTable('campaigns', (t) => t.timestamp('paused_at', { useTz: true }).nullable());
  }
  await knex.raw(`create index if not exists ${ATTEMPTS_BY_CAMPAIGN} on call_attempts (campaign_id, created_at)`);
  await knex.raw(`create index if not exists ${ATTEMPTS_BY_CONVERSATION} on call_attempts (conversation_id)`);
  await knex.raw(
    `create index if not exists ${ATTEMPTS_IN_FLIGHT} on call_attempts (tenant_id, place_by) where status = 'dialing'`,
  );
  await knex.raw(
    `create index if not exists ${LEASED_CONTACTS} on outbound_contacts (lease_until) where status = 'in_progress'`,
  );

  if (!(await knex.schema.hasTable('dialer_slots'))) {
    await knex.schema.createTable('dialer_slots', (t) => {
      /** `campaign:<id>` or `account:<telephony account>`. */
      t.string('key', 128).primary();
      t.timestamp('next_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('dialer_slots');
  for (const index of [ATTEMPTS_BY_CAMPAIGN, ATTEMPTS_BY_CONVERSATION, ATTEMPTS_IN_FLIGHT, LEASED_CONTACTS]) {
    await dropIndexIfExists(knex, index);
  }
  await dropColumnInPlace(knex, 'outbound_contacts', 'lease_token');
  for (const column of ['batch_call_id', 'failure_reason', 'place_by', 'call_sid', 'conversation_id', 'campaign_id']) {
    await dropColumnInPlace(knex, 'call_attempts', column);
  }
  // paused_reason and paused_at belong to the campaigns module's migration and stay.
}
