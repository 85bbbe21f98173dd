import type { Knex } from 'knex';
import type { KnowledgeSource } from '@shared/api/agents.types';
import type { TransferTarget } from '@shared/domain/transfer-target';
import { AGENT_CALL_LIMIT_DEFAULTS } from '@shared/schemas/agent.schema';
import { compiledQuery } from '../../db/compiled-query';
import { countRows, parseJson, toBool, toIso, type Db } from '../../db/database';
import type { VoiceKnowledgeRef } from '../../providers/voice/voice.types';
import type { AgentTotalsJoin, CallTotals } from '../stats/stats.service';

type Queryable = Db | Knex.Transaction;

/** An agent of a tenant with the number it answers (read from the number's row, the one record of the link). */
export interface AgentRecord {
  id: string;
  tenantId: string;
  name: string;
  purpose: string;
  greeting: string;
  closing: string;
  disclosure: string | null;
  knowledge: KnowledgeSource | null;
  /** The voice provider's knowledge documents made from `knowledge`. */
  knowledgeRefs: VoiceKnowledgeRef[];
  voiceId: string | null;
  prompt: string | null;
  transferTargets: TransferTarget[];
  silenceTimeoutSeconds: number;
  maxCallSeconds: number;
  endCallOnHoldMusic: boolean;
  active: boolean;
  locked: boolean;
  elevenlabsAgentId: string | null;
  phoneNumberId: string | null;
  phoneNumber: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the service writes: the agent's own columns. */
export type AgentFields = Omit<
  AgentRecord,
  'id' | 'tenantId' | 'locked' | 'phoneNumberId' | 'phoneNumber' | 'createdAt' | 'updatedAt'
>;

interface AgentRow {
  id: string;
  tenant_id: string;
  name: string;
  purpose: string;
  greeting: string;
  closing: string;
  disclosure?: string | null;
  knowledge_url: string | null;
  knowledge_file_id: string | null;
  knowledge_refs: string | null;
  voice_id: string | null;
  prompt: string | null;
  transfer_targets: string | null;
  silence_timeout_seconds: number | string | null;
  max_call_seconds: number | string | null;
  end_call_on_hold_music: boolean | number | null;
  active: boolean | number;
  locked: boolean | number;
  elevenlabs_agent_id: string | null;
  created_at: unknown;
  updated_at: unknown;
  phone_number_id: string | null;
  assigned_number: string | null;
}

function toRecord(row: AgentRow): AgentRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    purpose: row.purpose,
    greeting: row.greeting,
    closing: row.closing,
    disclosure: row.disclosure ?? null,
    // Rows written before the knowledge source was one field may hold a file's download path as the URL too.
    knowledge: row.knowledge_file_id
      ? { fileId: row.knowledge_file_id }
      : row.knowledge_url
        ? { url: row.knowledge_url }
        : null,
    knowledgeRefs: parseJson<VoiceKnowledgeRef[]>(row.knowledge_refs, []),
    voiceId: row.voice_id,
    prompt: row.prompt,
    transferTargets: parseJson<TransferTarget[]>(row.transfer_targets, []),
    silenceTimeoutSeconds: Number(row.silence_timeout_seconds ?? AGENT_CALL_LIMIT_DEFAULTS.silenceTimeoutSeconds),
    maxCallSeconds: Number(row.max_call_seconds ?? AGENT_CALL_LIMIT_DEFAULTS.maxCallSeconds),
    endCallOnHoldMusic:
      row.end_call_on_hold_music === null
        ? AGENT_CALL_LIMIT_DEFAULTS.endCallOnHoldMusic
        : toBool(row.end_call_on_hold_music),
    active: toBool(row.active),
    locked: toBool(row.locked),
    elevenlabsAgentId: row.elevenlabs_agent_id,
    phoneNumberId: row.phone_number_id,
    phoneNumber: row.assigned_number,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Agents with their number in one read; the partial unique index keeps the join to one row per agent. */
function recordQuery(db: Queryable) {
  return db('agents as a')
    .leftJoin('phone_numbers as pn', function joinNumber() {
      this.on('pn.assigned_agent_id', '=', 'a.id').andOn('pn.tenant_id', '=', 'a.tenant_id');
    })
    .select('a.*', 'pn.id as phone_number_id', 'pn.phone_number as assigned_number');
}

/** An agent as lists show it: its record and its call totals. */
export interface AgentListRecord extends AgentRecord {
  totals: CallTotals;
}

/** Reads the tenant's agents, their numbers and their call totals in one round trip, compiled once. */
export function createAgentListReader(
  totals: AgentTotalsJoin,
): (db: Db, tenantId: string) => Promise<AgentListRecord[]> {
  const query = compiledQuery<AgentRow & Record<string, unknown>>((from, tenantId) =>
    recordQuery(from)
      .leftJoin(totals.query(from, tenantId).as('totals'), 'totals.agent_id', 'a.id')
      .select(totals.columns.map((column) => `totals.${column}`))
      .where('a.tenant_id', tenantId)
      .orderBy([{ column: 'a.created_at' }, { column: 'a.id' }]),
  );
  return async (db, tenantId) =>
    (await query(db, tenantId)).map((row) => Object.assign(toRecord(row), { totals: totals.read(row) }));
}

export async function findAgent(db: Queryable, tenantId: string, id: string): Promise<AgentRecord | undefined> {
  const row: AgentRow | undefined = await recordQuery(db).where({ 'a.tenant_id': tenantId, 'a.id': id }).first();
  return row ? toRecord(row) : undefined;
}

/**
 * The one lookup without a tenant: a provider's webhook names only the provider's agent id, and our row
 * for it is what tells us the tenant (never the payload).
 */
export async function findAgentByProviderId(db: Queryable, providerAgentId: string): Promise<AgentRecord | undefined> {
  const row: AgentRow | undefined = await recordQuery(db).where('a.elevenlabs_agent_id', providerAgentId).first();
  return row ? toRecord(row) : undefined;
}

export function countAgents(db: Queryable, tenantId: string): Promise<number> {
  return countRows(db('agents').where({ tenant_id: tenantId }));
}

export function countActiveAgents(db: Queryable, tenantId: string): Promise<number> {
  return countRows(db('agents').where({ tenant_id: tenantId, active: true }));
}

/** Every agent on the platform that the voice provider has, for the reconciler of lost webhooks. */
export async function agentsAtProvider(
  db: Db,
): Promise<Array<{ tenantId: string; id: string; providerAgentId: string }>> {
  const rows = await db('agents')
    .whereNotNull('elevenlabs_agent_id')
    .orderBy('id')
    .select('tenant_id', 'id', 'elevenlabs_agent_id');
  return rows.map((row) => ({
    tenantId: String(row.tenant_id),
    id: String(row.id),
    providerAgentId: String(row.elevenlabs_agent_id),
  }));
}

/** Every agent on the platform, for the superadmin's totals. */
export function countAllAgents(db: Db): Promise<number> {
  return countRows(db('agents'));
}

function toColumns(fields: Partial<AgentFields>): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    name: fields.name,
    purpose: fields.purpose,
    greeting: fields.greeting,
    closing: fields.closing,
    disclosure: fields.disclosure,
    voice_id: fields.voiceId,
    prompt: fields.prompt,
    silence_timeout_seconds: fields.silenceTimeoutSeconds,
    max_call_seconds: fields.maxCallSeconds,
    end_call_on_hold_music: fields.endCallOnHoldMusic,
    active: fields.active,
    elevenlabs_agent_id: fields.elevenlabsAgentId,
    knowledge_refs: fields.knowledgeRefs && JSON.stringify(fields.knowledgeRefs),
    transfer_targets: fields.transferTargets && JSON.stringify(fields.transferTargets),
  };
  if (fields.knowledge !== undefined) {
    const source = fields.knowledge;
    columns.knowledge_url = source && 'url' in source ? source.url : null;
    columns.knowledge_file_id = source && 'fileId' in source ? source.fileId : null;
  }
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
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
  db: Queryable,
  tenantId: string,
  id: string,
  fields: Partial<AgentFields>,
  now: string,
): Promise<void> {
  await db('agents')
    .where({ tenant_id: tenantId, id })
    .update({ ...toColumns(fields), updated_at: now });
}

export async function deleteAgent(trx: Knex.Transaction, tenantId: string, id: string): Promise<void> {
  await trx('agents').where({ tenant_id: tenantId, id }).delete();
}
