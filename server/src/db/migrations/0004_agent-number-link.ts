import type { Knex } from 'knex';
import { dropColumnInPlace, dropIndexIfExists } from './schema-helpers';

const ONE_NUMBER_PER_AGENT = 'phone_numbers_one_per_agent';

/**
 * The agent ↔ number link has one record: phone_numbers.assigned_agent_id. A partial unique index keeps an
 * agent to one number, and the copy of the number on agents goes. An agent that somehow held several numbers
 * keeps its oldest, the one every read already showed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('phone_numbers')
    .whereNotNull('assigned_agent_id')
    .whereExists(function olderNumberOfSameAgent() {
      this.select(knex.raw('1'))
        .from('phone_numbers as older')
        .whereRaw('?? = ??', ['older.assigned_agent_id', 'phone_numbers.assigned_agent_id'])
        .andWhere(function createdBefore() {
          this.whereRaw('?? < ??', ['older.created_at', 'phone_numbers.created_at']).orWhere(function sameTime() {
            this.whereRaw('?? = ??', ['older.created_at', 'phone_numbers.created_at']).andWhereRaw('?? < ??', [
              'older.id',
              'phone_numbers.id',
            ]);
          });
        });
    })
    .update({ assigned_agent_id: null });

  await dropIndexIfExists(knex, ONE_NUMBER_PER_AGENT);
  await knex.schema.alterTable('phone_numbers', (t) => {
    t.unique(['assigned_agent_id'], {
      indexName: ONE_NUMBER_PER_AGENT,
      predicate: knex.whereNotNull('assigned_agent_id'),
    });
  });

  await dropColumnInPlace(knex, 'agents', 'phone_number');
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('agents', 'phone_number'))) {
    await knex.schema.alterTable('agents', (t) => {
      t.string('phone_number', 32).nullable();
    });
  }
  await knex('agents').update({
    phone_number: knex('phone_numbers')
      .select('phone_number')
      .whereRaw('?? = ??', ['phone_numbers.assigned_agent_id', 'agents.id'])
      .limit(1),
  });
  await dropIndexIfExists(knex, ONE_NUMBER_PER_AGENT);
}
