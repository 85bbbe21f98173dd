import type { Knex } from 'knex';
import { dropColumnInPlace, dropIndexIfExists } from './schema-helpers';

const CALLABLE_CONTACTS = 'outbound_contacts_callable';

/**
 * The dialer's capacity held in the database, so any number of workers on either database keeps it exactly:
 * - `dialer_lines`: one row per outbound line a call holds, numbered 1..N per tenant; the unique (tenant, line) key
 *   means no two calls hold one line, and the row is written in the transaction that records the attempt and deleted
 *   in the one that settles it.
 * - `outbound_contacts.next_callable_at`: the first moment a pending contact may be called (its retry or schedule,
 *   the campaign's window and the called party's legal hours); null until the dialer has worked it out. The claim
 *   reads only contacts callable now, through a partial index led by the campaign.
 * - `dialer_campaign_windows`: the window each campaign's moments were worked out for; a changed window resets them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dialer_lines', (t) => {
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.integer('line').notNullable();
    t.string('attempt_id', 36).notNullable().unique();
    t.timestamp('taken_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'line']);
  });
  await knex.schema.alterTable('outbound_contacts', (t) => t.timestamp('next_callable_at', { useTz: true }).nullable());
  await knex.raw(
    `create index ${CALLABLE_CONTACTS} on outbound_contacts (campaign_id, next_callable_at, id) where status = 'pending'`,
  );
  await knex.schema.createTable('dialer_campaign_windows', (t) => {
    t.string('campaign_id', 36).primary().references('id').inTable('campaigns').onDelete('CASCADE');
    t.string('window_key', 512).notNullable();
  });
  // Calls already in flight hold their lines from the start.
  const inFlight = (await knex('call_attempts')
    .whereIn('status', ['dialing', 'answered'])
    .whereNull('batch_call_id')
    .orderBy(['tenant_id', 'created_at'])
    .select('id', 'tenant_id', 'created_at')) as Array<{ id: string; tenant_id: string; created_at: unknown }>;
  const lineOf = new Map<string, number>();
  for (const attempt of inFlight) {
    const line = (lineOf.get(attempt.tenant_id) ?? 0) + 1;
    lineOf.set(attempt.tenant_id, line);
    await knex('dialer_lines').insert({
      tenant_id: attempt.tenant_id,
      line,
      attempt_id: attempt.id,
      taken_at: attempt.created_at,
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('dialer_campaign_windows');
  await dropIndexIfExists(knex, CALLABLE_CONTACTS);
  await dropColumnInPlace(knex, 'outbound_contacts', 'next_callable_at');
  await knex.schema.dropTableIfExists('dialer_lines');
}
