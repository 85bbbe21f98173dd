import type { Knex } from 'knex';

/**
 * agents.knowledge_refs: the voice provider's knowledge documents an agent uses (JSON list), so an edit that
 * leaves the knowledge source alone sends the same documents instead of uploading them again.
 * usage.calls_count: calls per tenant and month, kept with the minutes, so the dashboard's Total Calls still
 * counts the calls of agents that were deleted (their per-agent rollup rows go with them).
 */
export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('agents', 'knowledge_refs'))) {
    await knex.schema.alterTable('agents', (t) => {
      t.text('knowledge_refs').nullable();
    });
  }
  if (!(await knex.schema.hasColumn('usage', 'calls_count'))) {
    await knex.schema.alterTable('usage', (t) => {
      t.integer('calls_count').notNullable().defaultTo(0);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('usage', 'calls_count')) {
    await knex.schema.alterTable('usage', (t) => t.dropColumn('calls_count'));
  }
  if (await knex.schema.hasColumn('agents', 'knowledge_refs')) {
    await knex.schema.alterTable('agents', (t) => t.dropColumn('knowledge_refs'));
  }
}
