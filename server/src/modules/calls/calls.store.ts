import type { Knex } from 'knex';
import type { RecentCall } from '@shared/api/agents.types';
import type { RecentCallRow } from '@shared/api/calls.types';
import type { MachineEvidence } from '@shared/api/machine-verdicts.types';
import { countRows, toBool, toIso, toIsoOrNull, type Db } from '../../db/database';
import { newId } from '../../lib/ids';

/** Recorded calls and the provider webhook events already handled. */
type Queryable = Db | Knex.Transaction;

export interface NewCall {
  id: string;
  agentId: string;
  campaignId: string | null;
  conversationId: string;
  phoneNumber: string | null;
  customerPhoneNumber: string | null;
  direction: 'inbound' | 'outbound';
  status: string;
  startedAt: string;
  endedAt: string;
  durationSec: number;
  /** What the call cost us, in minor units of the tenant's currency, converted from the vendor's charge below. */
  costCents: number;
  costCurrency: string;
  /** The vendor's own charge: its currency (ISO 4217, lower case) and millionths of that currency's unit. */
  vendorCurrency: string;
  vendorCostMicros: number;
  recordingUrl: string | null;
  voicemailDetected: boolean;
  /** The evidence of a machine verdict; null for any other outcome. */
  machineEvidence: MachineEvidence | null;
  transcript: string;
  summary: string | null;
  callSuccessful: string | null;
  conversationData: string;
  /** The warm transfer attempted during the call, if any. */
  transfer?: { targetName: string | null; targetNumber: string; ringSecs: number; answered: boolean } | null;
}

/** Inserts the call unless its conversation is already recorded; true when this call is new. */
export async function insertCallOnce(
  trx: Knex.Transaction,
  tenantId: string,
  call: NewCall,
  now: string,
): Promise<boolean> {
  const inserted = await trx('calls')
    .insert({
      id: call.id,
      tenant_id: tenantId,
      agent_id: call.agentId,
      campaign_id: call.campaignId,
      conversation_id: call.conversationId,
      phone_number: call.phoneNumber,
      customer_phone_number: call.customerPhoneNumber,
      direction: call.direction,
      status: call.status,
      started_at: call.startedAt,
      ended_at: call.endedAt,
      duration_sec: call.durationSec,
      cost_cents: call.costCents,
      cost_currency: call.costCurrency,
      vendor_currency: call.vendorCurrency,
      vendor_cost_micros: call.vendorCostMicros,
      recording_url: call.recordingUrl,
      voicemail_detected: call.voicemailDetected,
      machine_evidence: call.machineEvidence ? JSON.stringify(call.machineEvidence) : null,
      transcript: call.transcript,
      summary: call.summary,
      call_successful: call.callSuccessful,
      conversation_data: call.conversationData,
      conversation_cached_at: now,
      created_at: now,
      ...(call.transfer
        ? {
            transfer_target_name: call.transfer.targetName,
            transfer_target_number: call.transfer.targetNumber,
            transfer_ring_secs: call.transfer.ringSecs,
            transfer_answered: call.transfer.answered,
          }
        : {}),
    })
    .onConflict('conversation_id')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** Marks a provider's webhook event as handled; false when it already was. */
export async function markWebhookEvent(
  trx: Knex.Transaction,
  provider: string,
  eventId: string,
  now: string,
): Promise<boolean> {
  const inserted = await trx('processed_webhook_events')
    .insert({ id: newId(), provider, event_id: eventId, received_at: now })
    .onConflict(['provider', 'event_id'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function isWebhookEventProcessed(db: Queryable, provider: string, eventId: string): Promise<boolean> {
  return Boolean(await db('processed_webhook_events').where({ provider, event_id: eventId }).first('id'));
}

/** Which of these conversations the tenant already has as calls. */
export async function recordedConversationIds(
  db: Queryable,
  tenantId: string,
  conversationIds: string[],
): Promise<Set<string>> {
  if (!conversationIds.length) return new Set();
  const rows = await db('calls')
    .where({ tenant_id: tenantId })
    .whereIn('conversation_id', conversationIds)
    .pluck('conversation_id');
  return new Set(rows.map(String));
}

/** The newest calls of an agent; the (tenant_id, agent_id, started_at) index makes this a short range read. */
export async function recentAgentCalls(
  db: Db,
  tenantId: string,
  agentId: string,
  limit: number,
): Promise<RecentCall[]> {
  const rows = await db('calls')
    .where({ tenant_id: tenantId, agent_id: agentId })
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', 'started_at', 'duration_sec', 'cost_cents', 'cost_currency');
  return rows.map((row) => ({
    id: String(row.id),
    startedAt: toIso(row.started_at),
    durationSec: Number(row.duration_sec),
    costCents: Number(row.cost_cents),
    currency: String(row.cost_currency),
  }));
}

/**
 * Calls on the whole platform that started at or after `since`, and their billed minutes (each call rounded up
 * to whole minutes on its own, as usage bills them; integer division on both databases).
 */
export async function platformActivitySince(db: Db, since: string): Promise<{ calls: number; minutes: number }> {
  const row = (await db('calls')
    .where('started_at', '>=', since)
    .first(db.raw('count(*) as ??', ['calls']), db.raw('sum((duration_sec + 59) / 60) as ??', ['minutes']))) as
    { calls?: number | string | null; minutes?: number | string | null } | undefined;
  return { calls: Number(row?.calls ?? 0), minutes: Number(row?.minutes ?? 0) };
}

/** What a campaign's calls started in [since, until) cost, in minor units of the tenant's currency (calls_campaign_started index). */
export async function campaignCostCents(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  since: string,
  until: string,
): Promise<number> {
  const row = (await db('calls')
    .where({ tenant_id: tenantId, campaign_id: campaignId })
    .andWhere('started_at', '>=', since)
    .andWhere('started_at', '<', until)
    .first(db.raw('sum(cost_cents) as ??', ['cents']))) as { cents?: number | string | null } | undefined;
  return Number(row?.cents ?? 0);
}

/** A call as its detail page and its analysis read it. */
export interface CallRecord {
  id: string;
  tenantId: string;
  agentId: string | null;
  agentName: string | null;
  campaignId: string | null;
  conversationId: string;
  startedAt: string;
  durationSec: number;
  costCents: number;
  costCurrency: string;
  customerPhoneNumber: string | null;
  recordingUrl: string | null;
  /** The provider's conversation as cached on the call (JSON), and when. */
  conversationData: string | null;
  conversationCachedAt: string | null;
  /** Our analysis (JSON), and when it was made. */
  analysis: string | null;
  analysedAt: string | null;
  /** When the retention purge cleared the transcript and summary, and deleted the recording; null while kept. */
  transcriptPurgedAt: string | null;
  recordingPurgedAt: string | null;
  status: string;
  transfer: { targetName: string | null; targetNumber: string; ringSecs: number; answered: boolean } | null;
  direction: 'inbound' | 'outbound';
  /** Null until an outbound call's analysis checked its opening for the AI disclosure. */
  disclosureMissing: boolean | null;
}

const CALL_COLUMNS = [
  'c.id',
  'c.tenant_id',
  'c.agent_id',
  'a.name as agent_name',
  'c.campaign_id',
  'c.conversation_id',
  'c.started_at',
  'c.duration_sec',
  'c.cost_cents',
  'c.cost_currency',
  'c.customer_phone_number',
  'c.recording_url',
  'c.conversation_data',
  'c.conversation_cached_at',
  'c.sentiment_analysis',
  'c.sentiment_cached_at',
  'c.transcript_purged_at',
  'c.recording_purged_at',
  'c.status',
  'c.transfer_target_name',
  'c.transfer_target_number',
  'c.transfer_ring_secs',
  'c.transfer_answered',
  'c.direction',
  'c.disclosure_missing',
];

const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

function toCallRecord(row: Record<string, unknown>): CallRecord {
  return {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    agentId: textOrNull(row.agent_id),
    agentName: textOrNull(row.agent_name),
    campaignId: textOrNull(row.campaign_id),
    conversationId: String(row.conversation_id),
    startedAt: toIso(row.started_at),
    durationSec: Number(row.duration_sec),
    costCents: Number(row.cost_cents),
    costCurrency: String(row.cost_currency),
    customerPhoneNumber: textOrNull(row.customer_phone_number),
    recordingUrl: textOrNull(row.recording_url),
    conversationData: textOrNull(row.conversation_data),
    conversationCachedAt: toIsoOrNull(row.conversation_cached_at),
    analysis: textOrNull(row.sentiment_analysis),
    analysedAt: toIsoOrNull(row.sentiment_cached_at),
    transcriptPurgedAt: toIsoOrNull(row.transcript_purged_at),
    recordingPurgedAt: toIsoOrNull(row.recording_purged_at),
    status: String(row.status),
    transfer:
      row.transfer_target_number === null || row.transfer_target_number === undefined
        ? null
        : {
            targetName: textOrNull(row.transfer_target_name),
            targetNumber: String(row.transfer_target_number),
            ringSecs: Number(row.transfer_ring_secs ?? 0),
            answered: toBool(row.transfer_answered as boolean | number),
          },
    direction: row.direction === 'outbound' ? 'outbound' : 'inbound',
    disclosureMissing:
      row.disclosure_missing === null || row.disclosure_missing === undefined ? null : toBool(row.disclosure_missing),
  };
}

/** One call; the tenant is part of the key, so another tenant's call is not found. Without a tenant: the jobs'. */
export async function findCall(db: Queryable, callId: string, tenantId?: string): Promise<CallRecord | undefined> {
  const row: Record<string, unknown> | undefined = await db('calls as c')
    .leftJoin('agents as a', 'a.id', 'c.agent_id')
    .where({ 'c.id': callId, ...(tenantId ? { 'c.tenant_id': tenantId } : {}) })
    .first(CALL_COLUMNS);
  return row ? toCallRecord(row) : undefined;
}

/**
 * Caches the provider's conversation on the call, with its time. The call's recorded outcome (call_successful) stays
 * as recorded: the daily rollups counted it when the call was recorded and must keep equal to the call rows.
 */
export async function cacheConversation(
  db: Queryable,
  tenantId: string,
  callId: string,
  conversation: { data: string; transcript: string; summary: string | null },
  now: string,
): Promise<void> {
  await db('calls').where({ tenant_id: tenantId, id: callId }).update({
    conversation_data: conversation.data,
    transcript: conversation.transcript,
    summary: conversation.summary,
    conversation_cached_at: now,
  });
}

/** Replaces the call's analysis (only ever with a successful one), with its time. */
/** Whether an outbound call's opening lacked the AI disclosure, as its analysis found. */
export async function saveDisclosureCheck(db: Queryable, callId: string, missing: boolean): Promise<void> {
  await db('calls').where({ id: callId }).update({ disclosure_missing: missing });
}

export async function saveAnalysis(
  db: Queryable,
  callId: string,
  analysis: { json: string; overall: string },
  now: string,
): Promise<void> {
  await db('calls')
    .where({ id: callId })
    .update({ sentiment_analysis: analysis.json, sentiment: analysis.overall, sentiment_cached_at: now });
}

/** The ids of the tenant's calls of one agent or one campaign. */
export async function callIdsOf(
  db: Queryable,
  tenantId: string,
  owner: { agentId: string } | { campaignId: string },
): Promise<string[]> {
  const where = 'agentId' in owner ? { agent_id: owner.agentId } : { campaign_id: owner.campaignId };
  const rows = await db('calls')
    .where({ tenant_id: tenantId, ...where })
    .orderBy('started_at')
    .pluck('id');
  return rows.map(String);
}

export interface CallsFilter {
  agentId?: string;
  /** Only the calls flagged for opening without the AI disclosure. */
  disclosureMissing?: boolean;
}

const filterWhere = (tenantId: string, filter: CallsFilter) => ({
  'c.tenant_id': tenantId,
  ...(filter.agentId ? { 'c.agent_id': filter.agentId } : {}),
  ...(filter.disclosureMissing ? { 'c.disclosure_missing': true } : {}),
});

/** How many of the tenant's calls the filter keeps. */
export async function countCalls(db: Queryable, tenantId: string, filter: CallsFilter): Promise<number> {
  return countRows(db('calls as c').where(filterWhere(tenantId, filter)));
}

/**
 * A page of the tenant's calls, newest first, on the (tenant_id, started_at), (tenant_id, agent_id, started_at) or
 * (tenant_id, disclosure_missing, started_at) index.
 */
export async function pageOfCalls(
  db: Queryable,
  tenantId: string,
  page: { offset: number; limit: number } & CallsFilter,
): Promise<RecentCallRow[]> {
  const rows: Array<Record<string, unknown>> = await db('calls as c')
    .leftJoin('agents as a', 'a.id', 'c.agent_id')
    .where(filterWhere(tenantId, page))
    .orderBy([
      { column: 'c.started_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .offset(page.offset)
    .limit(page.limit)
    .select(
      'c.id',
      'c.agent_id',
      'a.name as agent_name',
      'c.started_at',
      'c.duration_sec',
      'c.cost_cents',
      'c.cost_currency',
      'c.status',
      'c.call_successful',
      'c.direction',
      'c.disclosure_missing',
    );
  return rows.map((row) => ({
    id: String(row.id),
    agentId: textOrNull(row.agent_id),
    agentName: textOrNull(row.agent_name) ?? DELETED_AGENT_NAME,
    startedAt: toIso(row.started_at),
    durationSec: Number(row.duration_sec),
    costCents: Number(row.cost_cents),
    currency: String(row.cost_currency),
    status: String(row.status),
    callSuccessful: textOrNull(row.call_successful),
    direction: row.direction === 'outbound' ? 'outbound' : 'inbound',
    disclosureMissing: row.disclosure_missing === null ? null : toBool(row.disclosure_missing),
  }));
}

/** What a call of an agent that has since been deleted shows as its agent. */
export const DELETED_AGENT_NAME = 'Deleted agent';

/**
 * Retention: clears the transcript, summary, cached conversation and our analysis of up to `limit` of the tenant's
 * calls started before `before` (oldest first), keeping the row, its outcome and its figures; how many it cleared.
 */
export async function purgeTranscriptsBefore(
  db: Queryable,
  tenantId: string,
  before: string,
  now: string,
  limit: number,
): Promise<number> {
  const ids = await db('calls')
    .where({ tenant_id: tenantId })
    .where('started_at', '<', before)
    .whereNull('transcript_purged_at')
    .orderBy('started_at')
    .limit(limit)
    .pluck('id');
  if (ids.length === 0) return 0;
  return db('calls').whereIn('id', ids).whereNull('transcript_purged_at').update({
    transcript: null,
    summary: null,
    conversation_data: null,
    conversation_cached_at: null,
    sentiment_analysis: null,
    transcript_purged_at: now,
  });
}

/** Up to `limit` of the tenant's calls started before `before` whose recording is still kept, oldest first. */
export async function recordingsBefore(
  db: Queryable,
  tenantId: string,
  before: string,
  skip: readonly string[],
  limit: number,
): Promise<Array<{ id: string; conversationId: string }>> {
  const query = db('calls')
    .where({ tenant_id: tenantId })
    .where('started_at', '<', before)
    .whereNull('recording_purged_at');
  if (skip.length) void query.whereNotIn('id', skip);
  const rows: Array<{ id: string; conversation_id: string }> = await query
    .orderBy('started_at')
    .limit(limit)
    .select('id', 'conversation_id');
  return rows.map((row) => ({ id: String(row.id), conversationId: String(row.conversation_id) }));
}

/** The call's recording (and the provider's conversation) is deleted. */
export async function markRecordingPurged(db: Queryable, tenantId: string, callId: string, now: string): Promise<void> {
  await db('calls')
    .where({ tenant_id: tenantId, id: callId })
    .update({ recording_url: null, recording_purged_at: now });
}
