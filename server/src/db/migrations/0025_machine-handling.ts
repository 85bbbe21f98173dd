import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * Answer classification and the limits that protect the bill (issue 23, parts 1 and 3):
 * - `campaigns.machine_handling`: what the campaign does on a machine (JSON `{action, message, screeningBot}`); null
 *   reads as the default (hang up, screening bots answered as people).
 * - `calls.machine_evidence`: for a machine verdict (voicemail left, machine without a message, screened, fax), what
 *   the provider detected and the first seconds of transcript (JSON); `machine_verdict_wrong_at` / `_by` when an admin
 *   marked the verdict wrong.
 * - `agents.silence_timeout_seconds`, `max_call_seconds`, `end_call_on_hold_music`: per-agent limits sent to the
 *   voice provider.
 * Outcomes themselves need no change: `calls.status` and `call_attempts.outcome` are free text, and the attempt's
 * CHECKed `status` keeps its list (a new outcome maps onto one of its statuses, shared/domain/call-outcomes.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.text('machine_handling').nullable();
  });
  await knex.schema.alterTable('calls', (t) => {
    t.text('machine_evidence').nullable();
    t.timestamp('machine_verdict_wrong_at', { useTz: true }).nullable();
    t.string('machine_verdict_wrong_by', 36).nullable();
  });
  await knex.schema.alterTable('agents', (t) => {
    t.integer('silence_timeout_seconds').notNullable().defaultTo(30);
    t.integer('max_call_seconds').notNullable().defaultTo(600);
    t.boolean('end_call_on_hold_music').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const column of ['silence_timeout_seconds', 'max_call_seconds', 'end_call_on_hold_music']) {
    await dropColumnInPlace(knex, 'agents', column);
  }
  for (const column of ['machine_evidence', 'machine_verdict_wrong_at', 'machine_verdict_wrong_by']) {
    await dropColumnInPlace(knex, 'calls', column);
  }
  await dropColumnInPlace(knex, 'campaigns', 'machine_handling');
}
