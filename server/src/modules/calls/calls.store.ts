import type { Knex } from 'knex';
import type { RecentCall } from '@shared/api/agents.types';
import { centsToDollars } from '@shared/domain/call-minutes';
import { toIso, type Db } from '../../db/database';
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
  /** What the call cost us, in NZD cents, converted from the vendor's charge below. */
  costCents: number;
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
    .select('id', 'started_at', 'duration_sec', 'cost_cents');
  return rows.map((row) => ({
    id: String(row.id),
    startedAt: toIso(row.started_at),
    durationSec: Number(row.duration_sec),
    costNzd: centsToDollars(Number(row.cost_cents)),
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
