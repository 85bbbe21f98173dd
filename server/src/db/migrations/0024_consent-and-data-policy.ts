import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * Consent to be called (TCPA prior express consent; written for marketing): each contact may carry the consent it
 * gave (scope, source, when, evidence); every change is appended to consent_ledger with who made it, never edited, so
 * a dispute can be answered with the whole history. A campaign's purpose says whether it needs marketing consent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_contacts', (t) => {
    t.string('consent_scope', 16).nullable();
    t.string('consent_source', 16).nullable();
    t.timestamp('consent_captured_at', { useTz: true }).nullable();
    t.text('consent_evidence').nullable();
  });
  await knex.schema.alterTable('campaigns', (t) => {
    t.string('purpose', 16).notNullable().defaultTo('informational');
  });
  await knex.schema.createTable('consent_ledger', (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('campaign_id', 36).notNullable();
    // No foreign key: the ledger outlives the contact it speaks of.
    t.string('contact_id', 36).notNullable();
    t.string('phone_number', 32).notNullable();
    /** Null scope: consent withdrawn. */
    t.string('scope', 16).nullable();
    t.string('source', 16).nullable();
    t.timestamp('captured_at', { useTz: true }).nullable();
    t.text('evidence').nullable();
    /** The user or API key that made the change; 'import' rows name the importing user. */
    t.string('changed_by', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'contact_id', 'id']);
    t.index(['tenant_id', 'campaign_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('consent_ledger');
  await dropColumnInPlace(knex, 'campaigns', 'purpose');
  for (const column of ['consent_evidence', 'consent_captured_at', 'consent_source', 'consent_scope'])
    await dropColumnInPlace(knex, 'outbound_contacts', column);
}
