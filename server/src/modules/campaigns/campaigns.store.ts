import type { Knex } from 'knex';
import type { Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

/** Campaigns of a tenant; for now only what agents need: which agent a campaign has. */
export interface CampaignLink {
  id: string;
  agentId: string | null;
}

export async function findCampaignLink(db: Queryable, tenantId: string, id: string): Promise<CampaignLink | undefined> {
  const row = await db('campaigns').where({ tenant_id: tenantId, id }).first('id', 'agent_id');
  return row ? { id: String(row.id), agentId: (row.agent_id as string | null) ?? null } : undefined;
}

export async function setCampaignAgent(
  trx: Knex.Transaction,
  tenantId: string,
  campaignId: string,
  agentId: string,
  now: string,
): Promise<void> {
  await trx('campaigns').where({ tenant_id: tenantId, id: campaignId }).update({ agent_id: agentId, updated_at: now });
}

/** The campaign an agent serves (its oldest, should it serve several). */
export async function findAgentCampaignId(db: Queryable, tenantId: string, agentId: string): Promise<string | null> {
  const row = await db('campaigns').where({ tenant_id: tenantId, agent_id: agentId }).orderBy('created_at').first('id');
  return (row?.id as string | undefined) ?? null;
}
