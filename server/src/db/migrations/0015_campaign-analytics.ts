import type { Knex } from 'knex';
import { dropIndexIfExists } from './schema-helpers';

const CALLS_BY_CAMPAIGN = 'calls_campaign_started';

/**
 * Campaign analytics read a campaign's calls of a period (their cost); without this index that is every call of the
 * tenant in the period. Its attempts are read through call_attempts_campaign_created (0010).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index if not exists ${CALLS_BY_CAMPAIGN} on calls (tenant_id, campaign_id, started_at)`);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexIfExists(knex, CALLS_BY_CAMPAIGN);
}
