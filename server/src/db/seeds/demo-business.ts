/**
 * The demo clinic's business: its agents and numbers made through the same services and sandbox adapters as a
 * customer's (so they exist at the emulators), then six months of history written in bulk with its rollups, so
 * every screen reads it as it reads recorded calls. Runs once: a tenant that already has agents is left alone.
 */
import type { Knex } from 'knex';
import { defaultDisclosure } from '@shared/schemas/agent.schema';
import { billedMinutes, usageTotals } from '@shared/domain/call-minutes';
import type { Db } from '../database';
import { newId } from '../../lib/ids';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import type { Services } from '../../services';
import { AGENT_TEMPLATES } from './catalogue';
import type { DemoBillingHistory } from '../../modules/billing/billing-demo';
import { DEMO_HISTORY_MONTHS, demoCallHistory, usageByMonth, type DemoAgentRole, type DemoCall } from './demo-history';
import { DEMO_TENANT_IDS, DEMO_USER_IDS, PLANS } from './demo.seed';

/** The same seed gives the same clinic on every fresh demo. */
export const DEMO_HISTORY_SEED = 20_260_601;
const BATCH = 200;

const DEMO_AGENTS: Record<DemoAgentRole, { name: string; templateId: string; purpose: string; voiceId: string }> = {
  receptionist: {
    name: 'Front Desk',
    templateId: 'receptionist',
    purpose: 'Answers the clinic line, books and moves appointments.',
    voiceId: 'voice-rachel',
  },
  reminders: {
    name: 'Appointment Reminders',
    templateId: 'health-wellness',
    purpose: 'Calls patients due for their six-monthly check-up and books them in.',
    voiceId: 'voice-matilda',
  },
  afterHours: {
    name: 'After Hours',
    templateId: 'customer-service',
    purpose: 'Takes messages and urgent requests when the clinic is closed.',
    voiceId: 'voice-george',
  },
};

interface DemoAgent {
  id: string;
  vendorAgentId: string;
  phoneNumber: string;
}

type DemoActor = { tenantId: string; userId: string };

/** The clinic, acting through its owner. */
/**
 * What the demo tenants were billed since their history began: the clinic for the minutes of its calls, the plumbers
 * (no call history) for their plan alone.
 */
export function demoBillingHistories(now: Date): DemoBillingHistory[] {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DEMO_HISTORY_MONTHS - 1), 1));
  const clinicMinutes = new Map(
    usageByMonth(demoCallHistory(now, DEMO_HISTORY_SEED)).map((month) => [month.month, month.minutesUsed]),
  );
  return [
    { tenantId: DEMO_TENANT_IDS.demo, since, minutesByMonth: clinicMinutes },
    { tenantId: DEMO_TENANT_IDS.other, since, minutesByMonth: new Map() },
  ];
}

export const DEMO_ACTOR: DemoActor = { tenantId: DEMO_TENANT_IDS.demo, userId: DEMO_USER_IDS.admin };

/** The clinic's numbers: those it already has (a reset keeps them), and new ones bought from the sandbox. */
async function demoNumbers(services: Services, tenantId: string, count: number) {
  const owned = (await services.phoneNumbers.list(tenantId)).map((number) => ({
    id: number.id,
    phoneNumber: number.phoneNumber,
  }));
  if (owned.length >= count) return owned;
  const { availableNumbers } = await services.phoneNumbers.searchAvailable({
    country: 'NZ',
    voiceEnabled: true,
    smsEnabled: false,
    limit: count,
  });
  for (const available of availableNumbers.slice(0, count - owned.length)) {
    const { phoneNumber } = await services.phoneNumbers.purchase(tenantId, {
      phoneNumber: available.phoneNumber,
      country: 'NZ',
    });
    owned.push({ id: phoneNumber.id, phoneNumber: phoneNumber.phoneNumber });
  }
  return owned;
}

async function makeAgents(services: Services, actor: DemoActor): Promise<Record<DemoAgentRole, DemoAgent>> {
  const roles = Object.keys(DEMO_AGENTS) as DemoAgentRole[];
  const numbers = await demoNumbers(services, actor.tenantId, roles.length);
  const made = {} as Record<DemoAgentRole, DemoAgent>;
  for (const [index, role] of roles.entries()) {
    const spec = DEMO_AGENTS[role];
    const phoneNumber = numbers[index];
    if (!phoneNumber) throw new Error('The sandbox has no New Zealand number left for the demo');
    const template = AGENT_TEMPLATES.find((candidate) => candidate.id === spec.templateId);
    const { agent } = await services.agents.create(actor.tenantId, {
      name: spec.name,
      purpose: spec.purpose,
      greeting: 'Kia ora, thanks for calling Demo Dental Clinic. How can I help?',
      closing: 'Thanks for calling Demo Dental Clinic. Have a lovely day!',
      // The agent that calls patients opens with who is calling and that it is an automated assistant.
      disclosure: role === 'reminders' ? defaultDisclosure('Demo Dental Clinic') : null,
      voiceId: spec.voiceId,
      phoneNumberId: phoneNumber.id,
      templateId: spec.templateId,
      prompt: template?.promptStructure ?? null,
    });
    made[role] = { id: agent.id, vendorAgentId: agent.elevenlabsAgentId ?? '', phoneNumber: phoneNumber.phoneNumber };
  }
  return made;
}

/** Cost to the clinic: 16 NZ cents a minute, from the vendor's 9.6 US cents. */
const costCentsOf = (durationSec: number) => Math.round((durationSec * 16) / 60);

function callRow(tenantId: string, agent: DemoAgent, call: DemoCall, campaignId: string | null) {
  const id = newId();
  const startedAt = call.startedAt.toISOString();
  const conversationId = `conv_demo_${id.replace(/-/g, '').slice(0, 20)}`;
  // The conversation as the voice provider would have returned it, cached on the call as recording a call caches it.
  const conversation: VoiceConversation = {
    conversationId,
    agentId: agent.vendorAgentId,
    status: 'done',
    startedAt,
    durationSec: call.durationSec,
    vendorCost: { currency: 'usd', amountMicros: call.durationSec * 1600 },
    direction: call.direction,
    agentPhoneNumber: agent.phoneNumber,
    customerPhoneNumber: call.customerPhoneNumber,
    outcome: call.outcome,
    transcript: call.transcript,
    analysis:
      call.summary && call.callSuccessful
        ? { transcriptSummary: call.summary, callSuccessful: call.callSuccessful }
        : null,
    recordingUrl: null,
    hasRecording: false,
  };
  return {
    id,
    tenant_id: tenantId,
    agent_id: agent.id,
    campaign_id: campaignId,
    conversation_id: conversationId,
    phone_number: agent.phoneNumber,
    customer_phone_number: call.customerPhoneNumber,
    direction: call.direction,
    status: call.outcome,
    started_at: startedAt,
    ended_at: new Date(call.startedAt.getTime() + call.durationSec * 1000).toISOString(),
    duration_sec: call.durationSec,
    cost_cents: costCentsOf(call.durationSec),
    cost_currency: 'nzd',
    vendor_currency: 'usd',
    vendor_cost_micros: conversation.vendorCost.amountMicros,
    recording_url: null,
    voicemail_detected: call.outcome === 'voicemail',
    transcript: JSON.stringify(call.transcript),
    summary: call.summary,
    sentiment: call.analysis?.customerSentiment.overall ?? null,
    call_successful: call.callSuccessful,
    sentiment_analysis: call.analysis ? JSON.stringify(call.analysis) : null,
    sentiment_cached_at: call.analysis ? startedAt : null,
    conversation_data: JSON.stringify(conversation),
    conversation_cached_at: startedAt,
    created_at: startedAt,
  };
}

/** The four daily rollups of the tenant's calls, as the migrations that introduced them fill them. */
async function rollUpCalls(trx: Knex.Transaction, tenantId: string): Promise<void> {
  const day =
    trx.client.driverName === 'pg'
      ? `to_char(started_at at time zone 'UTC', 'YYYY-MM-DD')`
      : `substr(started_at, 1, 10)`;
  const successful = `sum(case when call_successful = 'success' then 1 else 0 end)`;
  await trx.raw(
    `insert into agent_call_daily (tenant_id, agent_id, day, call_count, duration_sec, cost_cents, successful_count)
     select tenant_id, agent_id, ${day}, count(*), sum(duration_sec), sum(cost_cents), ${successful}
     from calls where tenant_id = ? group by tenant_id, agent_id, ${day}`,
    [tenantId],
  );
  await trx.raw(
    `insert into call_outcome_daily (tenant_id, agent_id, day, outcome, call_count)
     select tenant_id, agent_id, ${day}, status, count(*) from calls where tenant_id = ?
     group by tenant_id, agent_id, ${day}, status`,
    [tenantId],
  );
  await trx.raw(
    `insert into tenant_call_daily (tenant_id, day, call_count, duration_sec, cost_cents, successful_count)
     select tenant_id, ${day}, count(*), sum(duration_sec), sum(cost_cents), ${successful}
     from calls where tenant_id = ? group by tenant_id, ${day}`,
    [tenantId],
  );
  await trx.raw(
    `insert into tenant_outcome_daily (tenant_id, day, outcome, call_count)
     select tenant_id, ${day}, status, count(*) from calls where tenant_id = ? group by tenant_id, ${day}, status`,
    [tenantId],
  );
}

function campaignRow(
  tenantId: string,
  agentId: string,
  name: string,
  goal: string,
  type: 'inbound' | 'outbound',
  at: string,
) {
  return {
    id: newId(),
    tenant_id: tenantId,
    name,
    goal,
    active: true,
    campaign_type: type,
    agent_id: agentId,
    calling_hours_type: 'specific_hours',
    calling_start_time: '09:00',
    calling_end_time: '17:00',
    timezone: 'Pacific/Auckland',
    days_of_week: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    max_calls_per_day: 40,
    call_interval_minutes: 5,
    created_at: at,
    updated_at: at,
  };
}

/**
 * The running recall campaign's 1,000 patients: those its calls reached are done (or waiting for a retry when
 * nobody answered), the rest still to ring; each call is an attempt of its contact.
 */
function recallContacts(
  tenantId: string,
  campaignId: string,
  calls: Array<{ row: ReturnType<typeof callRow>; call: DemoCall }>,
  now: Date,
) {
  const contacts = [];
  const attempts = [];
  const created = calls[0]?.row.started_at ?? now.toISOString();
  for (let index = 0; index < 1000; index += 1) {
    const reached = calls[index];
    const retry = reached && (reached.call.outcome === 'no_answer' || reached.call.outcome === 'busy');
    const id = newId();
    contacts.push({
      id,
      tenant_id: tenantId,
      campaign_id: campaignId,
      phone_number: reached?.call.customerPhoneNumber ?? `+6421${String(500000 + index).padStart(7, '0')}`,
      max_retries: 2,
      retry_delay_minutes: 120,
      metadata: JSON.stringify({ name: `Patient ${index + 1}` }),
      status: !reached || retry ? 'pending' : 'completed',
      attempts_made: reached ? 1 : 0,
      next_attempt_at: retry ? new Date(now.getTime() + 3_600_000).toISOString() : null,
      conversation_id: reached?.row.conversation_id ?? null,
      timezones: JSON.stringify(['Pacific/Auckland']),
      created_at: created,
      updated_at: reached?.row.ended_at ?? created,
    });
    if (reached) {
      attempts.push({
        id: newId(),
        tenant_id: tenantId,
        contact_id: id,
        campaign_id: campaignId,
        call_id: reached.row.id,
        conversation_id: reached.row.conversation_id,
        attempt_number: 1,
        status: reached.call.outcome === 'answered' ? 'completed' : reached.call.outcome,
        started_at: reached.row.started_at,
        ended_at: reached.row.ended_at,
        duration_sec: reached.row.duration_sec,
        outcome: reached.call.outcome,
        created_at: reached.row.started_at,
      });
    }
  }
  return { contacts, attempts };
}

/** Writes the history and its rollups in one transaction, so a start cut short leaves no half history behind. */
async function writeHistory(db: Db, tenantId: string, agents: Record<DemoAgentRole, DemoAgent>, now: Date) {
  const history = demoCallHistory(now, DEMO_HISTORY_SEED);
  const at = (history[0]?.startedAt ?? now).toISOString();
  const campaigns = {
    finished: campaignRow(
      tenantId,
      agents.reminders.id,
      'Spring check-up recall',
      'Book every patient due for a check-up.',
      'outbound',
      at,
    ),
    running: campaignRow(
      tenantId,
      agents.reminders.id,
      'Summer check-up recall',
      'Book the patients due before Christmas.',
      'outbound',
      at,
    ),
    inbound: campaignRow(
      tenantId,
      agents.receptionist.id,
      'New patient line',
      'Welcome new patients and book their first visit.',
      'inbound',
      at,
    ),
  };
  const calls = history.map((call) => ({
    call,
    row: callRow(
      tenantId,
      agents[call.role],
      call,
      call.campaign
        ? campaigns[call.campaign].id
        : call.direction === 'inbound' && call.role === 'receptionist'
          ? campaigns.inbound.id
          : null,
    ),
  }));
  const { contacts, attempts } = recallContacts(
    tenantId,
    campaigns.running.id,
    calls.filter(({ call }) => call.campaign === 'running'),
    now,
  );
  const plan = PLANS.find((candidate) => candidate.id === 'growth');
  const included = plan?.minutes_included ?? 0;
  const rate = plan?.overage_rate_per_minute ?? 0;
  await db.transaction(async (trx) => {
    // Last month's recall is done; this month's is dialling.
    await trx('campaigns').insert(
      Object.values(campaigns).map((row) => ({ ...row, active: row !== campaigns.finished })),
    );
    await trx.batchInsert(
      'calls',
      calls.map(({ row }) => row),
      BATCH,
    );
    await rollUpCalls(trx, tenantId);
    await trx.batchInsert('outbound_contacts', contacts, BATCH);
    await trx.batchInsert('call_attempts', attempts, BATCH);
    // A few patients asked on a recall call not to be called again.
    const declined = calls.filter(({ call }) => call.campaign && call.callSuccessful === 'failure').slice(0, 4);
    await trx('do_not_call').insert(
      declined.map(({ row }) => ({
        id: newId(),
        tenant_id: tenantId,
        phone_number: row.customer_phone_number,
        source: 'call',
        reason: 'Asked on a recall call not to be called again',
        call_id: row.id,
        created_at: row.ended_at,
      })),
    );
    const count = (status: string) => contacts.filter((contact) => contact.status === status).length;
    await trx('campaign_contact_totals').insert({
      tenant_id: tenantId,
      campaign_id: campaigns.running.id,
      pending: count('pending'),
      in_progress: 0,
      completed: count('completed'),
      failed: 0,
    });
    await trx('usage').insert(
      usageByMonth(history).map((month) => {
        const totals = usageTotals(month.minutesUsed, included, rate);
        return {
          id: newId(),
          tenant_id: tenantId,
          month_yyyy_mm: month.month,
          minutes_included: included,
          seconds_used: month.secondsUsed,
          minutes_used: month.minutesUsed,
          minutes_billable: totals.minutesBillable,
          cost_per_minute_applied: rate,
          billing_cost: totals.billingCost,
          currency: 'nzd',
          calls_count: month.calls,
          created_at: `${month.month}-01T00:00:00.000Z`,
          updated_at: now.toISOString(),
        };
      }),
    );
  });
  return { calls: calls.length, minutes: history.reduce((sum, call) => sum + billedMinutes(call.durationSec), 0) };
}

/** Makes the clinic's agents, numbers, API key and history once; later starts find its agents and add nothing. */
export async function seedDemoBusiness(
  db: Db,
  services: Services,
  actor: DemoActor,
  now: Date,
): Promise<{ calls: number; minutes: number } | null> {
  const existing = await db('agents').where({ tenant_id: actor.tenantId }).first('id');
  if (existing) return null;
  const agents = await makeAgents(services, actor);
  await services.apiKeys.create(
    { ...actor, origin: { ip: '127.0.0.1', requestId: 'demo-seed' }, viaKey: null },
    {
      name: 'Practice management sync',
      description: 'Reads calls into the clinic system.',
      scope: 'read_only',
      permissions: ['calls:read', 'agents:read'],
      expiresAt: null,
    },
  );
  return writeHistory(db, actor.tenantId, agents, now);
}

/** Everything the clinic did, in the order its foreign keys allow; its numbers, team and card stay. */
const HISTORY_TABLES = [
  'do_not_call',
  'campaigns',
  'agent_call_daily',
  'call_outcome_daily',
  'tenant_call_daily',
  'tenant_outcome_daily',
  'calls',
  'usage',
  'api_keys',
];

/**
 * Brings the clinic back to its first-start state: its agents removed through the agents service (so they go from
 * the voice emulator too), its history deleted, then seeded again; live activity continues on top.
 */
export async function resetDemoBusiness(db: Db, services: Services, actor: DemoActor, now: Date) {
  await db.transaction(async (trx) => {
    for (const table of HISTORY_TABLES) await trx(table).where({ tenant_id: actor.tenantId }).delete();
  });
  for (const agent of await services.agents.list(actor.tenantId)) {
    // An active agent is first deactivated (its number released at the provider), then deleted.
    if (agent.active) await services.agents.remove(actor.tenantId, agent.id);
    await services.agents.remove(actor.tenantId, agent.id);
  }
  return seedDemoBusiness(db, services, actor, now);
}
