import type { Knex } from 'knex';

/**
 * Serialises plan-limit checks of one tenant (agents, phone numbers) inside a transaction: PostgreSQL locks
 * the tenant row until commit; on SQLite knex drops FOR UPDATE, and the single connection already serialises.
 */
export async function lockTenant(trx: Knex.Transaction, tenantId: string): Promise<void> {
  await trx('tenants').where({ id: tenantId }).forUpdate().first('id');
}
