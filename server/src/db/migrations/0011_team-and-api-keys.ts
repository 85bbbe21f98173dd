import type { Knex } from 'knex';
import { dropIndexIfExists } from './schema-helpers';

const ONE_PENDING_PER_EMAIL = 'invitations_one_pending_per_email';

/**
 * One pending invitation per address and tenant: re-inviting replaces it, and two admins inviting the same address
 * at once cannot leave two live links. Older pending duplicates, if any, are revoked so the index can be built.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('invitations')
    .where({ status: 'pending' })
    .whereExists(function newerPendingForSameAddress() {
      this.select(knex.raw('1'))
        .from('invitations as newer')
        .where('newer.status', 'pending')
        .whereRaw('?? = ??', ['newer.tenant_id', 'invitations.tenant_id'])
        .whereRaw('?? = ??', ['newer.invitee_email', 'invitations.invitee_email'])
        .whereRaw('(?? > ?? or (?? = ?? and ?? > ??))', [
          'newer.created_at',
          'invitations.created_at',
          'newer.created_at',
          'invitations.created_at',
          'newer.id',
          'invitations.id',
        ]);
    })
    .update({ status: 'revoked' });
  await dropIndexIfExists(knex, ONE_PENDING_PER_EMAIL);
  await knex.schema.alterTable('invitations', (t) => {
    t.unique(['tenant_id', 'invitee_email'], {
      indexName: ONE_PENDING_PER_EMAIL,
      predicate: knex.whereRaw("status = 'pending'"),
    });
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexIfExists(knex, ONE_PENDING_PER_EMAIL);
}
