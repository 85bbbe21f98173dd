import type { Knex } from 'knex';
import { billedMinutes, usageTotals } from '@shared/domain/call-minutes';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';

/** Writes of a recorded call: the call row, the per-agent daily rollup and the tenant's monthly usage. */
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
  costCents: number;
  recordingUrl: string | null;
  voicemailDetected: boolean;
  transcript: string;
  summary: string | null;
  callSuccessful: string | null;
  conversationData: string;
  now: string;
}

/** Inserts the call unless its conversation is already recorded; true when this call is new. */
export async function insertCallOnce(trx: Knex.Transaction, tenantId: string, call: NewCall): Promise<boolean> {
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
      recording_url: call.recordingUrl,
      voicemail_detected: call.voicemailDetected,
      transcript: call.transcript,
      summary: call.summary,
      call_successful: call.callSuccessful,
      conversation_data: call.conversationData,
      conversation_cached_at: call.now,
      created_at: call.now,
    })
    .onConflict('conversation_id')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function addToAgentDay(
  trx: Knex.Transaction,
  tenantId: string,
  agentId: string,
  day: string,
  durationSec: number,
  costCents: number,
): Promise<void> {
  await trx('agent_call_daily')
    .insert({
      tenant_id: tenantId,
      agent_id: agentId,
      day,
      call_count: 1,
      duration_sec: durationSec,
      cost_cents: costCents,
    })
    .onConflict(['tenant_id', 'agent_id', 'day'])
    .merge({
      call_count: trx.raw('?? + excluded.call_count', ['agent_call_daily.call_count']),
      duration_sec: trx.raw('?? + excluded.duration_sec', ['agent_call_daily.duration_sec']),
      cost_cents: trx.raw('?? + excluded.cost_cents', ['agent_call_daily.cost_cents']),
    });
}

export interface UsageTerms {
  /** Used only when the month's row is created; an existing row keeps the allowance it started with. */
  minutesIncluded: number;
  ratePerMinuteCents: number;
}

/** Adds one call to the tenant's month and recomputes its overage with the shared rule (call-minutes.ts). */
export async function addCallToUsage(
  trx: Knex.Transaction,
  tenantId: string,
  month: string,
  durationSec: number,
  terms: UsageTerms,
  now: string,
): Promise<void> {
  await trx('usage')
    .insert({
      id: newId(),
      tenant_id: tenantId,
      month_yyyy_mm: month,
      minutes_included: terms.minutesIncluded,
      created_at: now,
      updated_at: now,
    })
    .onConflict(['tenant_id', 'month_yyyy_mm'])
    .ignore();
  // Locked on PostgreSQL so concurrent calls of one tenant add up; SQLite's single writer serialises anyway.
  const row = await trx('usage').where({ tenant_id: tenantId, month_yyyy_mm: month }).forUpdate().first();
  const minutesUsed = Number(row.minutes_used) + billedMinutes(durationSec);
  const totals = usageTotals(minutesUsed, Number(row.minutes_included), terms.ratePerMinuteCents);
  await trx('usage')
    .where({ tenant_id: tenantId, month_yyyy_mm: month })
    .update({
      seconds_used: Number(row.seconds_used) + Math.max(0, durationSec),
      minutes_used: minutesUsed,
      minutes_billable: totals.minutesBillable,
      cost_per_minute_applied: terms.ratePerMinuteCents,
      billing_cost: totals.billingCost,
      calls_count: Number(row.calls_count) + 1,
      updated_at: now,
    });
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
