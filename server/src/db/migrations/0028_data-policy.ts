import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * A tenant's data policy (issue 25 §4): whether personal data is redacted before call text is stored, and how many
 * days recordings and transcripts are kept (null: forever). A new tenant starts redacting and keeping a year.
 * Tenants that exist already keep what they have: redaction turns on (it changes only what is stored from now on),
 * but their retention stays "forever" until an admin chooses, so no one's old calls are deleted by an upgrade.
 *
 * On calls, when the retention purge cleared the transcript and summary, and deleted the recording (and the
 * provider's conversation): the call row and its figures stay, and nothing is fetched from the provider again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.boolean('redact_pii').notNullable().defaultTo(true);
    t.integer('recording_retention_days').nullable().defaultTo(365);
    t.integer('transcript_retention_days').nullable().defaultTo(365);
  });
  await knex('tenants').update({ recording_retention_days: null, transcript_retention_days: null });
  await knex.schema.alterTable('calls', (t) => {
    t.timestamp('transcript_purged_at', { useTz: true }).nullable();
    t.timestamp('recording_purged_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const column of ['recording_purged_at', 'transcript_purged_at']) await dropColumnInPlace(knex, 'calls', column);
  for (const column of ['transcript_retention_days', 'recording_retention_days', 'redact_pii'])
    await dropColumnInPlace(knex, 'tenants', column);
}
