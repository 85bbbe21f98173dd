import type { Knex } from 'knex';
import type { Campaign } from '@shared/api/campaigns.types';
import { readMachineHandling } from '@shared/domain/machine-handling';
import { CAMPAIGN_DEFAULTS, DAYS_OF_WEEK, type DayOfWeek } from '@shared/schemas/campaign.schema';
import { countRows, parseJson, toBool, toIso, toIsoOrNull, type Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

/** Which agent a campaign has; what agents need of a campaign. */
export interface CampaignLink {
  id: string;
  agentId: string | null;
}

export type CampaignRecord = Campaign & { tenantId: string };

/** The columns a create or update writes, camelCase; the store maps them. */
export type CampaignFields = Partial<
  Pick<
    Campaign,
    | 'name'
    | 'goal'
    | 'knowledgeUrl'
    | 'active'
    | 'campaignType'
    | 'purpose'
    | 'agentId'
    | 'callingHoursType'
    | 'callingStartTime'
    | 'callingEndTime'
    | 'timezone'
    | 'defaultCountry'
    | 'daysOfWeek'
    | 'maxCallsPerDay'
    | 'callIntervalMinutes'
    | 'machineHandling'
    | 'pausedReason'
    | 'pausedAt'
  >
>;

interface CampaignRow {
  id: string;
  tenant_id: string;
  name: string;
  goal: string;
  knowledge_url: string | null;
  active: boolean | number;
  campaign_type: Campaign['campaignType'];
  purpose: Campaign['purpose'];
  agent_id: string | null;
  calling_hours_type: Campaign['callingHoursType'];
  calling_start_time: string;
  calling_end_time: string;
  timezone: string;
  default_country: string;
  days_of_week: string;
  max_calls_per_day: number | string;
  call_interval_minutes: number | string;
  machine_handling: string | null;
  paused_reason: string | null;
  paused_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

const COLUMNS: Record<keyof CampaignFields, keyof CampaignRow> = {
  name: 'name',
  goal: 'goal',
  knowledgeUrl: 'knowledge_url',
  active: 'active',
  campaignType: 'campaign_type',
  purpose: 'purpose',
  agentId: 'agent_id',
  callingHoursType: 'calling_hours_type',
  callingStartTime: 'calling_start_time',
  callingEndTime: 'calling_end_time',
  timezone: 'timezone',
  defaultCountry: 'default_country',
  daysOfWeek: 'days_of_week',
  maxCallsPerDay: 'max_calls_per_day',
  callIntervalMinutes: 'call_interval_minutes',
  machineHandling: 'machine_handling',
  pausedReason: 'paused_reason',
  pausedAt: 'paused_at',
};

/** Days as stored (a JSON array); anything unreadable falls back to the default rather than failing the list. */
function readDays(value: string): DayOfWeek[] {
  const days = parseJson<unknown>(value, null);
  return Array.isArray(days) && days.every((day) => (DAYS_OF_WEEK as readonly unknown[]).includes(day))
    ? (days as DayOfWeek[])
    : [...CAMPAIGN_DEFAULTS.daysOfWeek];
}

function toRecord(row: CampaignRow): CampaignRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    goal: row.goal,
    knowledgeUrl: row.knowledge_url,
    active: toBool(row.active),
    campaignType: row.campaign_type,
    purpose: row.purpose,
    agentId: row.agent_id,
    callingHoursType: row.calling_hours_type,
    callingStartTime: row.calling_start_time,
    callingEndTime: row.calling_end_time,
    timezone: row.timezone,
    defaultCountry: row.default_country,
    daysOfWeek: readDays(row.days_of_week),
    maxCallsPerDay: Number(row.max_calls_per_day),
    callIntervalMinutes: Number(row.call_interval_minutes),
    machineHandling: readMachineHandling(parseJson<unknown>(row.machine_handling ?? 'null', null)),
    pausedReason: row.paused_reason,
    pausedAt: toIsoOrNull(row.paused_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

function toRow(fields: CampaignFields): Partial<Record<keyof CampaignRow, unknown>> {
  const row: Partial<Record<keyof CampaignRow, unknown>> = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof CampaignFields, unknown]>) {
    if (value === undefined) continue;
    row[COLUMNS[key]] = key === 'daysOfWeek' || key === 'machineHandling' ? JSON.stringify(value) : value;
  }
  return row;
}

export async function listCampaigns(db: Queryable, tenantId: string): Promise<CampaignRecord[]> {
  const rows: CampaignRow[] = await db('campaigns')
    .where({ tenant_id: tenantId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map(toRecord);
}

export async function findCampaign(db: Queryable, tenantId: string, id: string): Promise<CampaignRecord | undefined> {
  const row: CampaignRow | undefined = await db('campaigns').where({ tenant_id: tenantId, id }).first();
  return row ? toRecord(row) : undefined;
}

/** Campaigns the dialer may call in: active, outbound and not paused (isRunningOutbound asks the same of a record). */
const runningOutbound = (query: Knex.QueryBuilder) =>
  query.where({ campaign_type: 'outbound', active: true }).whereNull('paused_reason');

/** Running outbound campaigns of every tenant, oldest first: the dialer's work list. */
export async function listActiveOutboundCampaigns(db: Queryable): Promise<CampaignRecord[]> {
  const rows: CampaignRow[] = await db('campaigns').where(runningOutbound).orderBy(['created_at', 'id']);
  return rows.map(toRecord);
}

/**
 * Whether the campaign is running outbound now, read with a share lock on PostgreSQL so that a pause or a change
 * waits until `trx` ends (SQLite holds the whole database for a writing transaction).
 */
export async function isDialableHeld(trx: Knex.Transaction, tenantId: string, id: string): Promise<boolean> {
  const row = await trx('campaigns').where({ tenant_id: tenantId, id }).where(runningOutbound).forShare().first('id');
  return row !== undefined;
}

export async function insertCampaign(
  trx: Queryable,
  record: { id: string; tenantId: string; now: string } & Required<CampaignFields>,
): Promise<void> {
  const { id, tenantId, now, ...fields } = record;
  await trx('campaigns').insert({ id, tenant_id: tenantId, ...toRow(fields), created_at: now, updated_at: now });
}

export async function updateCampaign(
  trx: Queryable,
  tenantId: string,
  id: string,
  fields: CampaignFields,
  now: string,
): Promise<boolean> {
  const changed = await trx('campaigns')
    .where({ tenant_id: tenantId, id })
    .update({ ...toRow(fields), updated_at: now });
  return changed > 0;
}

export async function deleteCampaign(trx: Queryable, tenantId: string, id: string): Promise<void> {
  await trx('campaigns').where({ tenant_id: tenantId, id }).delete();
}

export function countActiveCampaigns(db: Queryable, tenantId: string): Promise<number> {
  return countRows(db('campaigns').where({ tenant_id: tenantId, active: true }));
}

/** Whether anything happened in the campaign that a deletion would erase: a call, or a contact that was called. */
export async function campaignHasHistory(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  const call = await db('calls').where({ tenant_id: tenantId, campaign_id: id }).first('id');
  if (call) return true;
  const called = await db('outbound_contacts')
    .where({ tenant_id: tenantId, campaign_id: id })
    .where((q) => q.where('attempts_made', '>', 0).orWhereNot('status', 'pending'))
    .first('id');
  return called !== undefined;
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

/** Active outbound campaigns, paused ones included, of one tenant or (null) of every tenant: the operations view. */
export async function listActiveOutboundOf(db: Queryable, tenantId: string | null): Promise<CampaignRecord[]> {
  const query = db('campaigns').where({ campaign_type: 'outbound', active: true }).orderBy(['created_at', 'id']);
  if (tenantId !== null) query.where({ tenant_id: tenantId });
  return ((await query) as CampaignRow[]).map(toRecord);
}
