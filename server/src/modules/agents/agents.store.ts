import type { Knex } from 'knex';
import type { Agent, AgentStats } from '@shared/api/agents.types';
import { countRows, parseJson, toBool, toIso, type Db } from '../../db/database';
import type { VoiceKnowledgeRef } from '../../providers/voice/voice.types';

/** Agents of a tenant; every query is scoped by the tenant id first, except the webhook's provider-id lookup. */
export interface AgentRow {
  id: string;
  tenant_id: string;
  name: string;
  purpose: string;
  greeting: string;
  closing: string;
  knowledge_url: string | null;
  knowledge_file_id: string | null;
  knowledge_refs: string | null;
  voice_id: string | null;
  prompt: string | null;
  active: boolean | number;
  locked: boolean | number;
  elevenlabs_agent_id: string | null;
  phone_number: string | null;
  created_at: unknown;
  updated_at: unknown;
}

interface AgentViewRow extends AgentRow {
  phone_number_id: string | null;
  assigned_number: string | null;
}

type Queryable = Db | Knex.Transaction;

export const NO_STATS: AgentStats = { totalCalls: 0, averageDuration: 0, totalCost: 0 };

export function knowledgeRefsOf(row: AgentRow): VoiceKnowledgeRef[] {
  return parseJson<VoiceKnowledgeRef[]>(row.knowledge_refs, []);
}

function toAgent(row: AgentViewRow, stats: AgentStats): Agent {
  return {
    id: row.id,
    name: row.name,
    purpose: row.purpose,
    greeting: row.greeting,
    closing: row.closing,
    knowledgeUrl: row.knowledge_url,
    knowledgeFileId: row.knowledge_file_id,
    voiceId: row.voice_id,
    prompt: row.prompt,
    active: toBool(row.active),
    locked: toBool(row.locked),
    phoneNumber: row.assigned_number ?? null,
    phoneNumberId: row.phone_number_id ?? null,
    elevenlabsAgentId: row.elevenlabs_agent_id,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    stats,
  };
}

/** Agents with their assigned number (the number's row is the truth; agents.phone_number mirrors it). */
function viewQuery(db: Queryable, tenantId: string) {
  return db('agents as a')
    .leftJoin('phone_numbers as pn', function joinNumber() {
      this.on('pn.assigned_agent_id', '=', 'a.id').andOn('pn.tenant_id', '=', 'a.tenant_id');
    })
    .where('a.tenant_id', tenantId)
    .select('a.*', 'pn.id as phone_number_id', 'pn.phone_number as assigned_number');
}

export async function listAgents(db: Db, tenantId: string, statsOf: (agentId: string) => AgentStats): Promise<Agent[]> {
  const rows: AgentViewRow[] = await viewQuery(db, tenantId).orderBy([{ column: 'a.created_at' }, { column: 'a.id' }]);
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).map((row) => toAgent(row, statsOf(row.id)));
}

export async function findAgentView(
  db: Queryable,
  tenantId: string,
  id: string,
  stats: AgentStats,
): Promise<Agent | undefined> {
  const row: AgentViewRow | undefined = await viewQuery(db, tenantId).andWhere('a.id', id).first();
  return row ? toAgent(row, stats) : undefined;
}

export function findAgent(db: Queryable, tenantId: string, id: string): Promise<AgentRow | undefined> {
  return db<AgentRow>('agents').where({ tenant_id: tenantId, id }).first();
}

/**
 * The one lookup without a tenant: a provider's webhook names only the provider's agent id, and our row
 * for it is what tells us the tenant (never the payload).
 */
export function findAgentByProviderId(db: Queryable, providerAgentId: string): Promise<AgentRow | undefined> {
  return db<AgentRow>('agents').where({ elevenlabs_agent_id: providerAgentId }).first();
}

export function countAgents(db: Queryable, tenantId: string): Promise<number> {
  return countRows(db('agents').where({ tenant_id: tenantId }));
}

export function countActiveAgents(db: Queryable, tenantId: string): Promise<number> {
  return countRows(db('agents').where({ tenant_id: tenantId, active: true }));
}

/** What the service writes: the API's agent fields (phoneNumber is the mirror column) plus the provider's refs. */
export interface AgentFields extends Pick<
  Agent,
  | 'name'
  | 'purpose'
  | 'greeting'
  | 'closing'
  | 'knowledgeUrl'
  | 'knowledgeFileId'
  | 'voiceId'
  | 'prompt'
  | 'active'
  | 'elevenlabsAgentId'
  | 'phoneNumber'
> {
  knowledgeRefs: VoiceKnowledgeRef[];
}

function toColumns(fields: Partial<AgentFields>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const map: Record<keyof AgentFields, string> = {
    name: 'name',
    purpose: 'purpose',
    greeting: 'greeting',
    closing: 'closing',
    knowledgeUrl: 'knowledge_url',
    knowledgeFileId: 'knowledge_file_id',
    knowledgeRefs: 'knowledge_refs',
    voiceId: 'voice_id',
    prompt: 'prompt',
    active: 'active',
    elevenlabsAgentId: 'elevenlabs_agent_id',
    phoneNumber: 'phone_number',
  };
  for (const [key, column] of Object.entries(map) as Array<[keyof AgentFields, string]>) {
    if (fields[key] === undefined) continue;
    columns[column] = key === 'knowledgeRefs' ? JSON.stringify(fields[key]) : fields[key];
  }
  return columns;
}

export async function insertAgent(
  trx: Knex.Transaction,
  tenantId: string,
  id: string,
  fields: AgentFields,
  now: string,
): Promise<void> {
  await trx('agents').insert({
    id,
    tenant_id: tenantId,
    ...toColumns(fields),
    locked: false,
    created_at: now,
    updated_at: now,
  });
}

export async function updateAgent(
  trx: Queryable,
  tenantId: string,
  id: string,
  fields: Partial<AgentFields>,
  now: string,
): Promise<void> {
  await trx('agents')
    .where({ tenant_id: tenantId, id })
    .update({ ...toColumns(fields), updated_at: now });
}

/** Clears the mirrored number of agents that no longer hold it. */
export async function clearAgentPhoneNumber(
  trx: Knex.Transaction,
  tenantId: string,
  agentIds: string[],
  now: string,
): Promise<void> {
  if (!agentIds.length) return;
  await trx('agents')
    .where({ tenant_id: tenantId })
    .whereIn('id', agentIds)
    .update({ phone_number: null, updated_at: now });
}

export async function deleteAgent(trx: Knex.Transaction, tenantId: string, id: string): Promise<void> {
  await trx('agents').where({ tenant_id: tenantId, id }).delete();
}

/** Campaign link on create: the campaign must be the tenant's, and a campaign has at most one agent. */
export function findCampaign(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<{ id: string; agent_id: string | null } | undefined> {
  return db('campaigns').where({ tenant_id: tenantId, id }).first('id', 'agent_id');
}

export async function linkCampaignAgent(
  trx: Knex.Transaction,
  tenantId: string,
  campaignId: string,
  agentId: string,
  now: string,
): Promise<void> {
  await trx('campaigns').where({ tenant_id: tenantId, id: campaignId }).update({ agent_id: agentId, updated_at: now });
}

/** The campaign an agent serves, for tagging its calls. */
export async function findAgentCampaignId(db: Queryable, tenantId: string, agentId: string): Promise<string | null> {
  const row = await db('campaigns').where({ tenant_id: tenantId, agent_id: agentId }).orderBy('created_at').first('id');
  return (row?.id as string | undefined) ?? null;
}
