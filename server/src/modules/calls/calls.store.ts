import type { Knex } from 'knex';
import type { RecentCall } from '@shared/api/agents.types';
import type { RecentCallRow } from '@shared/api/calls.types';
import { toIso, toIsoOrNull, type Db } from '../../db/database';
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
  transcript: string;
  summary: string | null;
  callSuccessful: string | null;
  conversationData: string;
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
      transcript: call.transcript,
      summary: call.summary,
      call_successful: call.callSuccessful,
      conversation_data: call.conversationData,
      conversation_cached_at: now,
      created_at: now,
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

/** A page of the tenant's calls, newest first, on the (tenant_id, started_at) or (tenant_id, agent_id, started_at) index. */
export async function pageOfCalls(
  db: Queryable,
  tenantId: string,
  page: { offset: number; limit: number; agentId?: string },
): Promise<RecentCallRow[]> {
  const rows: Array<Record<string, unknown>> = await db('calls as c')
    .leftJoin('agents as a', 'a.id', 'c.agent_id')
    .where({ 'c.tenant_id': tenantId, ...(page.agentId ? { 'c.agent_id': page.agentId } : {}) })
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
  }));
}

/** What a call of an agent that has since been deleted shows as its agent. */
export const DELETED_AGENT_NAME = 'Deleted agent';
