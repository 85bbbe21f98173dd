import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * Opt-outs from every channel, the AI disclosure, and why a contact is not being called:
 * - `do_not_call.channel`: where the opt-out came from (call, api, crm, admin, sms, webhook …) beside the entry's
 *   kind in `source` (manual, import, call, whose check constraint stays), and `evidence` (text or a link).
 * - `outbound_contacts.skip_reason`: why a contact is not called (`no_consent` while it waits for marketing
 *   consent, `do_not_call` when an opt-out ended it).
 * - `agents.disclosure`: the line an outbound agent opens with (who is calling, that it is an automated assistant).
 * - `calls.disclosure_missing`: the analysis found no disclosure in the first words of an outbound call.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('do_not_call', (t) => {
    t.string('channel', 16).nullable();
    t.text('evidence').nullable();
  });
  await knex.schema.alterTable('outbound_contacts', (t) => {
    t.string('skip_reason', 16).nullable();
  });
  await knex.schema.alterTable('agents', (t) => {
    t.text('disclosure').nullable();
  });
  await knex.schema.alterTable('calls', (t) => {
    t.boolean('disclosure_missing').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropColumnInPlace(knex, 'calls', 'disclosure_missing');
  await dropColumnInPlace(knex, 'agents', 'disclosure');
  await dropColumnInPlace(knex, 'outbound_contacts', 'skip_reason');
  await dropColumnInPlace(knex, 'do_not_call', 'evidence');
  await dropColumnInPlace(knex, 'do_not_call', 'channel');
}
