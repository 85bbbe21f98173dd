/**
 * The demo clinic's business: its agents and numbers made through the same services and sandbox adapters as a
 * customer's (so they exist at the emulators), then six months of history written in bulk with its rollups, so
 * every screen reads it as it reads recorded calls. Runs once: a tenant that already has agents is left alone.
 */
import type { Knex } from 'knex';
import { defaultDisclosure } from '@shared/schemas/agent.schema';
import { billedMinutes, usageTotals } from '@shared/domain/call-minutes';
import { decideRetry, type ContactStatus } from '@shared/domain/dialing-retry';
import type { ContactSkipReason } from '@shared/schemas/contact.schema';
import type { CallOutcome } from '@shared/domain/call-outcomes';
import { transferVerdictOf, type TransferTarget } from '@shared/domain/transfer-target';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../database';
import { newId, newSequentialId } from '../../lib/ids';
import { contactNameOf } from '../../modules/callbacks/callbacks.service';
import { callOutcomeOf, newCallOf } from '../../modules/calls/call-record';
import { redactedConversation } from '../../modules/calls/call-redaction';
import { ATTEMPT_STATUS_OF, endOfConversation } from '../../modules/dialer/settlement-rules';
import type { Services } from '../../services';
import { invalidDestinationMessage } from '../../sandbox/call-script';
import { AGENT_TEMPLATES } from './catalogue';
import type { DemoBillingHistory } from '../../modules/billing/billing-demo';
import { demoConversation, type DemoLine } from './demo-conversations';
import {
  CLINIC_TIMEZONE,
  DEMO_FRONT_DESK,
  DEMO_HISTORY_MONTHS,
  PATIENT_SURNAMES,
  PATIENTS,
  RECALL_MACHINE_HANDLING,
  RECALL_RETRIES,
  demoCallHistory,
  winBackDialling,
  recallOptOutAt,
  recallRetryDecision,
  usageByMonth,
  type DemoAgentRole,
  type DemoCall,
  type WinBackAttempt,
} from './demo-history';
import { DEMO_TENANT_IDS, DEMO_USER_IDS, PLANS } from './demo.seed';

/** The same seed gives the same clinic on every fresh demo. */
export const DEMO_HISTORY_SEED = 20_260_601;
const BATCH = 200;
/** The win-back's list was uploaded this long before its first call. */
const WIN_BACK_LISTED_BEFORE_MS = 60 * 60 * 1000;

const DEMO_AGENTS: Record<
  DemoAgentRole,
  {
    name: string;
    templateId: string;
    purpose: string;
    voiceId: string;
    transfersToFrontDesk: boolean;
    /** It calls patients: it opens with who is calling and that it is an automated assistant. */
    callsOut: boolean;
  }
> = {
  receptionist: {
    name: 'Front Desk',
    templateId: 'receptionist',
    purpose: 'Answers the clinic line, books and moves appointments.',
    voiceId: 'voice-rachel',
    transfersToFrontDesk: true,
    callsOut: false,
  },
  reminders: {
    name: 'Appointment Reminders',
    templateId: 'health-wellness',
    purpose: 'Calls patients due for their six-monthly check-up and books them in.',
    voiceId: 'voice-matilda',
    transfersToFrontDesk: true,
    callsOut: true,
  },
  afterHours: {
    name: 'After Hours',
    templateId: 'customer-service',
    purpose: 'Takes messages and urgent requests when the clinic is closed.',
    voiceId: 'voice-george',
    transfersToFrontDesk: false,
    callsOut: false,
  },
  // A campaign has one agent and an agent one campaign: the win-back has an agent of its own.
  winBack: {
    name: 'Patient Win-back',
    templateId: 'health-wellness',
    purpose: 'Calls patients not seen for two years to welcome them back and book a visit.',
    voiceId: 'voice-charlotte',
    transfersToFrontDesk: true,
    callsOut: true,
  },
};

interface DemoAgent extends DemoLine {
  id: string;
  transferTargets: TransferTarget[];
}

type DemoActor = { tenantId: string; userId: string };

/** What seeding needs of the app: the database, and the sandbox that keeps the history's conversations. */
type DemoDeps = Pick<AppDeps, 'db' | 'sandbox'>;

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

/** The clinic, acting through its owner. */
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

/** The voice provider's id of each of the tenant's numbers, which the provider's conversations name. */
async function vendorNumberIds(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows: Array<{ phone_number: string; elevenlabs_phone_number_id: string | null }> = await db('phone_numbers')
    .where({ tenant_id: tenantId })
    .select('phone_number', 'elevenlabs_phone_number_id');
  return new Map(rows.map((row) => [row.phone_number, row.elevenlabs_phone_number_id ?? '']));
}

async function makeAgents(db: Db, services: Services, actor: DemoActor): Promise<Record<DemoAgentRole, DemoAgent>> {
  const roles = Object.keys(DEMO_AGENTS) as DemoAgentRole[];
  const numbers = await demoNumbers(services, actor.tenantId, roles.length);
  const made = {} as Record<DemoAgentRole, DemoAgent>;
  for (const [index, role] of roles.entries()) {
    const spec = DEMO_AGENTS[role];
    const phoneNumber = numbers[index];
    if (!phoneNumber) throw new Error('The sandbox has no New Zealand number left for the demo');
    const template = AGENT_TEMPLATES.find((candidate) => candidate.id === spec.templateId);
    const transferTargets = spec.transfersToFrontDesk ? [DEMO_FRONT_DESK] : [];
    const { agent } = await services.agents.create(actor.tenantId, {
      name: spec.name,
      purpose: spec.purpose,
      greeting: 'Kia ora, thanks for calling Demo Dental Clinic. How can I help?',
      closing: 'Thanks for calling Demo Dental Clinic. Have a lovely day!',
      disclosure: spec.callsOut ? defaultDisclosure('Demo Dental Clinic') : null,
      voiceId: spec.voiceId,
      phoneNumberId: phoneNumber.id,
      templateId: spec.templateId,
      prompt: template?.promptStructure ?? null,
      transferTargets,
    });
    made[role] = {
      id: agent.id,
      vendorAgentId: agent.elevenlabsAgentId ?? '',
      agentName: spec.name,
      phoneNumber: phoneNumber.phoneNumber,
      vendorPhoneNumberId: '',
      transferTargets,
    };
  }
  const vendorIds = await vendorNumberIds(db, actor.tenantId);
  for (const role of roles) made[role].vendorPhoneNumberId = vendorIds.get(made[role].phoneNumber) ?? '';
  return made;
}

/** Cost to the clinic: 16 NZ cents a minute, from the vendor's 9.6 US cents. */
const costCentsOf = (durationSec: number) => Math.round((durationSec * 16) / 60);

/**
 * A history call as recording its finished conversation writes it (with its analysis as our analyser left it), how
 * its transfer ended, judged as a live call's is (by the front desk's hours at that moment), and its conversation.
 */
function callRow(
  tenantId: string,
  agent: DemoAgent,
  call: DemoCall,
  campaignId: string | null,
  redact: ((text: string) => string) | null,
) {
  const id = newId();
  const conversationId = `conv_demo_${id.replace(/-/g, '').slice(0, 20)}`;
  const conversation = demoConversation(call, conversationId, agent);
  const { cached } = conversation;
  const endedAt = new Date(call.startedAt.getTime() + call.durationSec * 1000);
  const verdict = transferVerdictOf(cached, agent.transferTargets, endedAt);
  // The values a live call's recording derives (outcome, machine evidence, transfer) come from the same code.
  const outcome = callOutcomeOf(cached, verdict);
  // Stored as a live call is: its text through the clinic's redaction (the provider keeps what was said).
  const recorded = newCallOf(
    redactedConversation(cached, redact),
    { id, agentId: agent.id, campaignId, costCents: costCentsOf(call.durationSec), currency: 'nzd' },
    verdict,
  );
  const startedAt = recorded.startedAt;
  const row = {
    id,
    tenant_id: tenantId,
    agent_id: agent.id,
    campaign_id: campaignId,
    conversation_id: conversationId,
    phone_number: recorded.phoneNumber,
    customer_phone_number: recorded.customerPhoneNumber,
    direction: recorded.direction,
    status: outcome,
    started_at: startedAt,
    ended_at: recorded.endedAt,
    duration_sec: recorded.durationSec,
    cost_cents: recorded.costCents,
    cost_currency: recorded.costCurrency,
    vendor_currency: recorded.vendorCurrency,
    vendor_cost_micros: recorded.vendorCostMicros,
    recording_url: null,
    voicemail_detected: recorded.voicemailDetected,
    machine_evidence: recorded.machineEvidence ? JSON.stringify(recorded.machineEvidence) : null,
    transfer_target_name: recorded.transfer?.targetName ?? null,
    transfer_target_number: recorded.transfer?.targetNumber ?? null,
    transfer_ring_secs: recorded.transfer?.ringSecs ?? null,
    transfer_answered: recorded.transfer?.answered ?? null,
    transcript: recorded.transcript,
    summary: recorded.summary,
    sentiment: call.analysis?.customerSentiment.overall ?? null,
    call_successful: recorded.callSuccessful,
    sentiment_analysis: call.analysis ? JSON.stringify(call.analysis) : null,
    sentiment_cached_at: call.analysis ? startedAt : null,
    conversation_data: recorded.conversationData,
    conversation_cached_at: startedAt,
    created_at: startedAt,
  };
  return { row, verdict, conversation };
}

type DemoCallRow = { call: DemoCall } & ReturnType<typeof callRow>;

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
  agentId: string | null,
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
    timezone: CLINIC_TIMEZONE,
    days_of_week: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    max_calls_per_day: 40,
    call_interval_minutes: 5,
    machine_handling: null as string | null,
    created_at: at,
    updated_at: at,
  };
}

type RecallCampaign = { tenantId: string; campaignId: string };

/** A recall patient as the campaign's list holds them before the dialer reaches them. */
function recallContactRow(
  campaign: RecallCampaign,
  index: number,
  patient: { firstName: string; phoneNumber: string },
  createdAt: string,
) {
  return {
    id: newId(),
    tenant_id: campaign.tenantId,
    campaign_id: campaign.campaignId,
    phone_number: patient.phoneNumber,
    max_retries: RECALL_RETRIES.maxRetries,
    retry_delay_minutes: RECALL_RETRIES.retryDelayMinutes,
    metadata: JSON.stringify({
      first_name: patient.firstName,
      last_name: PATIENT_SURNAMES[index % PATIENT_SURNAMES.length] as string,
    }),
    status: 'pending' as ContactStatus,
    skip_reason: null as ContactSkipReason | null,
    attempts_made: 0,
    next_attempt_at: null as string | null,
    conversation_id: null as string | null,
    timezones: JSON.stringify([CLINIC_TIMEZONE]),
    created_at: createdAt,
    updated_at: createdAt,
  };
}

type RecallContactRow = ReturnType<typeof recallContactRow>;

/** An attempt as the dialer leaves it settled: by how its call ended, or by the refusal that kept it from ringing. */
function settledAttemptRow(
  campaign: RecallCampaign,
  contactId: string,
  attemptNumber: number,
  end: {
    callId: string | null;
    conversationId: string | null;
    startedAt: string;
    endedAt: string;
    durationSec: number | null;
    outcome: CallOutcome;
    failureReason: string | null;
  },
) {
  return {
    id: newId(),
    tenant_id: campaign.tenantId,
    contact_id: contactId,
    campaign_id: campaign.campaignId,
    call_id: end.callId,
    conversation_id: end.conversationId,
    attempt_number: attemptNumber,
    status: ATTEMPT_STATUS_OF[end.outcome],
    started_at: end.startedAt,
    ended_at: end.endedAt,
    duration_sec: end.durationSec,
    outcome: end.outcome,
    failure_reason: end.failureReason,
    created_at: end.startedAt,
  };
}

/** The attempt that placed a history call, settled by how the call ended, as the dialer settles it. */
function attemptRow(campaign: RecallCampaign, contactId: string, attemptNumber: number, placed: DemoCallRow) {
  const { row } = placed;
  return settledAttemptRow(campaign, contactId, attemptNumber, {
    callId: row.id,
    conversationId: row.conversation_id,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    durationSec: row.duration_sec,
    outcome: row.status,
    failureReason: endOfConversation(placed.conversation.cached)?.reason ?? null,
  });
}

/** The first attempt at a number the provider refused as it was placed: failed at once, with no call. */
function refusedAttemptRow(campaign: RecallCampaign, contactId: string, attempt: WinBackAttempt) {
  const at = attempt.placedAt.toISOString();
  return settledAttemptRow(campaign, contactId, 1, {
    callId: null,
    conversationId: null,
    startedAt: at,
    endedAt: at,
    durationSec: null,
    outcome: 'failed',
    // The voice provider's refusal as its adapter words it, passing on the carrier's.
    failureReason: `Voice provider rejected the request: ${invalidDestinationMessage(attempt.customerPhoneNumber)}`,
  });
}

/** A contact as the dialer leaves it once its first attempt ended: done, due again, or given up on. */
function afterFirstAttempt(
  contact: RecallContactRow,
  end: { outcome: CallOutcome; endedAt: string; conversationId: string | null; invalidNumber: boolean },
): RecallContactRow {
  const settled = decideRetry({
    outcome: end.outcome,
    attemptsMade: 1,
    ...RECALL_RETRIES,
    earlierVoicemails: 0,
    invalidNumber: end.invalidNumber,
    endedAt: new Date(end.endedAt),
  });
  return {
    ...contact,
    status: settled.contactStatus,
    attempts_made: 1,
    next_attempt_at: settled.retryAt?.toISOString() ?? null,
    conversation_id: end.conversationId,
    updated_at: end.endedAt,
  };
}

/**
 * The running recall campaign's 1,000 patients: each call is the first attempt of its contact, settled as the dialer
 * settles it (done, tried again later, or given up on); the rest are still to ring.
 */
function recallContacts(campaign: RecallCampaign, calls: readonly DemoCallRow[], now: Date) {
  const contacts: RecallContactRow[] = [];
  const attempts = [];
  const created = calls[0]?.row.started_at ?? now.toISOString();
  for (let index = 0; index < 1000; index += 1) {
    const reached = calls[index];
    const contact = recallContactRow(
      campaign,
      index,
      {
        firstName: reached?.call.patient ?? (PATIENTS[index % PATIENTS.length] as string),
        phoneNumber: reached?.call.customerPhoneNumber ?? `+6421${String(500000 + index).padStart(7, '0')}`,
      },
      created,
    );
    if (!reached) {
      contacts.push(contact);
      continue;
    }
    contacts.push(
      afterFirstAttempt(contact, {
        outcome: reached.row.status,
        endedAt: reached.row.ended_at,
        conversationId: reached.row.conversation_id,
        invalidNumber: false,
      }),
    );
    attempts.push(attemptRow(campaign, contact.id, 1, reached));
  }
  return { contacts, attempts };
}

/**
 * The win-back's lapsed patients: those dialled before the failure brake paused it, each settled after its one
 * attempt (a refused number given up on at once, with no call), the rest still pending.
 */
function winBackContacts(
  campaign: RecallCampaign,
  dialling: ReturnType<typeof winBackDialling>,
  calls: readonly DemoCallRow[],
) {
  const callTo = new Map(calls.map((entry) => [entry.row.customer_phone_number, entry]));
  const created = new Date((dialling.attempts[0]?.placedAt.getTime() ?? 0) - WIN_BACK_LISTED_BEFORE_MS).toISOString();
  const contacts: RecallContactRow[] = [];
  const attempts = [];
  for (const [index, patient] of dialling.patients.entries()) {
    const contact = recallContactRow(
      campaign,
      index,
      { firstName: patient.patient, phoneNumber: patient.customerPhoneNumber },
      created,
    );
    const attempt = dialling.attempts[index];
    const placed = callTo.get(patient.customerPhoneNumber);
    if (!attempt) {
      contacts.push(contact);
    } else if (placed) {
      contacts.push(
        afterFirstAttempt(contact, {
          outcome: placed.row.status,
          endedAt: placed.row.ended_at,
          conversationId: placed.row.conversation_id,
          invalidNumber: false,
        }),
      );
      attempts.push(attemptRow(campaign, contact.id, 1, placed));
    } else {
      const refused = refusedAttemptRow(campaign, contact.id, attempt);
      contacts.push(
        afterFirstAttempt(contact, {
          outcome: refused.outcome,
          endedAt: refused.ended_at,
          conversationId: null,
          invalidNumber: true,
        }),
      );
      attempts.push(refused);
    }
  }
  return { contacts, attempts };
}

/** Why a patient was put on the do-not-call list from the front desk. */
const TOLD_THE_DESK = 'Told the front desk they will book their check-up themselves';

/**
 * Last month's recall patients, every one ended: an attempt for each call the dialer placed them, settled as the
 * dialer settles it (completed, or failed once its retries ran out); a patient still waiting for a retry opted out at
 * the front desk, which ended the contact as an opt-out ends a pending one.
 */
function finishedRecallContacts(campaign: RecallCampaign, calls: readonly DemoCallRow[]) {
  const byPatient = new Map<string, DemoCallRow[]>();
  for (const entry of calls) {
    byPatient.set(entry.call.customerPhoneNumber, [...(byPatient.get(entry.call.customerPhoneNumber) ?? []), entry]);
  }
  const created = calls[0]?.row.started_at ?? '';
  const contacts: RecallContactRow[] = [];
  const attempts = [];
  const optOuts = [];
  for (const [index, placed] of [...byPatient.values()].entries()) {
    const last = placed[placed.length - 1] as DemoCallRow;
    const history = placed.map(({ call }) => call);
    const optedOutAt = recallOptOutAt(history)?.toISOString() ?? null;
    const contact = recallContactRow(
      campaign,
      index,
      { firstName: last.call.patient, phoneNumber: last.call.customerPhoneNumber },
      created,
    );
    contacts.push({
      ...contact,
      status: optedOutAt ? 'failed' : recallRetryDecision(history).contactStatus,
      skip_reason: optedOutAt ? 'do_not_call' : null,
      attempts_made: placed.length,
      conversation_id: last.row.conversation_id,
      updated_at: optedOutAt ?? last.row.ended_at,
    });
    attempts.push(...placed.map((entry, attempt) => attemptRow(campaign, contact.id, attempt + 1, entry)));
    if (optedOutAt) {
      optOuts.push({
        tenant_id: campaign.tenantId,
        phone_number: contact.phone_number,
        source: 'manual',
        channel: 'admin',
        reason: TOLD_THE_DESK,
        call_id: null,
        created_by_user_id: DEMO_USER_IDS.user,
        created_at: optedOutAt,
      });
    }
  }
  return { contacts, attempts, optOuts };
}

/** The campaign's contacts by status, as the totals every contact write keeps would stand after writing them. */
function contactTotalsRow(campaign: RecallCampaign, contacts: ReadonlyArray<{ status: ContactStatus }>) {
  const totals: Record<ContactStatus, number> = { pending: 0, in_progress: 0, completed: 0, failed: 0 };
  for (const contact of contacts) totals[contact.status] += 1;
  return { tenant_id: campaign.tenantId, campaign_id: campaign.campaignId, ...totals };
}

/** At most this many of the callbacks due now still wait with the team member who took them; older ones were made. */
const CALLBACKS_WAITING = 3;

/**
 * A callback for each missed transfer, due at the front desk's next opening as the dialer records it: those not due
 * yet are open (the campaign calls the patient then if nobody takes them), the latest due ones are with the team
 * member who took them, the earlier ones done.
 */
function recallCallbacks(
  tenantId: string,
  campaignId: string,
  calls: readonly DemoCallRow[],
  contacts: ReadonlyArray<{ id: string; metadata: string; phone_number: string }>,
  now: Date,
) {
  const missed = calls
    .map((entry, index) => ({ ...entry, contact: contacts[index] }))
    .filter((entry) => entry.verdict?.outcome === 'transfer_missed' && entry.contact)
    .sort((a, b) => (a.verdict?.callbackAt?.getTime() ?? 0) - (b.verdict?.callbackAt?.getTime() ?? 0));
  const due = missed.filter((entry) => (entry.verdict?.callbackAt ?? now) <= now).length;
  // The latest due ones wait (never more than half, so that some were made too); the earlier ones are done.
  const waiting = Math.min(CALLBACKS_WAITING, Math.ceil(due / 2));
  return missed.map(({ row, verdict, contact }, index) => {
    const requestedAt = (verdict?.callbackAt ?? now).toISOString();
    const status = index >= due ? 'open' : index >= due - waiting ? 'assigned' : 'done';
    return {
      id: newSequentialId(),
      tenant_id: tenantId,
      campaign_id: campaignId,
      contact_id: contact?.id ?? null,
      agent_id: row.agent_id,
      conversation_id: row.conversation_id,
      phone_number: contact?.phone_number ?? row.customer_phone_number,
      contact_name: contactNameOf(JSON.parse(contact?.metadata ?? 'null') as Record<string, string> | null),
      target_name: verdict?.targetName ?? null,
      target_number: verdict?.targetNumber ?? null,
      reason: verdict?.outsideHours ? 'outside_hours' : 'no_answer',
      summary: row.summary,
      requested_at: requestedAt,
      status,
      assigned_user_id: status === 'open' ? null : DEMO_USER_IDS.user,
      dialled_at: null,
      created_at: row.ended_at,
      updated_at: status === 'done' ? requestedAt : row.ended_at,
    };
  });
}

/**
 * Writes the history and its rollups in one transaction, the history's conversations stored at the voice sandbox
 * last, so a start cut short leaves no half history behind.
 */
async function writeHistory(
  deps: DemoDeps,
  tenantId: string,
  agents: Record<DemoAgentRole, DemoAgent>,
  now: Date,
  redact: ((text: string) => string) | null,
) {
  const history = demoCallHistory(now, DEMO_HISTORY_SEED);
  const at = (history[0]?.startedAt ?? now).toISOString();
  const winBack = winBackDialling(now, DEMO_HISTORY_SEED);
  const winBackListedAt = new Date(
    (winBack.attempts[0]?.placedAt ?? now).getTime() - WIN_BACK_LISTED_BEFORE_MS,
  ).toISOString();
  const campaigns = {
    // An agent serves one campaign: the reminders agent moved on to this month's recall when last month's ended.
    finished: campaignRow(
      tenantId,
      null,
      'Spring check-up recall',
      'Book every patient due for a check-up.',
      'outbound',
      at,
    ),
    running: {
      ...campaignRow(
        tenantId,
        agents.reminders.id,
        'Summer check-up recall',
        'Book the patients due before Christmas.',
        'outbound',
        at,
      ),
      machine_handling: JSON.stringify(RECALL_MACHINE_HANDLING),
    },
    inbound: campaignRow(
      tenantId,
      agents.receptionist.id,
      'New patient line',
      'Welcome new patients and book their first visit.',
      'inbound',
      at,
    ),
    // Paused by the dialer when most of its calls failed, as it pauses a live one.
    winBack: {
      ...campaignRow(
        tenantId,
        agents.winBack.id,
        'Lapsed patients win-back',
        'Welcome back patients not seen for two years and book their visit.',
        'outbound',
        winBackListedAt,
      ),
      paused_reason: winBack.pausedReason,
      paused_at: winBack.pausedAt.toISOString(),
    },
  };
  const calls: DemoCallRow[] = history.map((call) => ({
    call,
    ...callRow(
      tenantId,
      agents[call.role],
      call,
      call.campaign
        ? campaigns[call.campaign].id
        : call.direction === 'inbound' && call.role === 'receptionist'
          ? campaigns.inbound.id
          : null,
      redact,
    ),
  }));
  const running = { tenantId, campaignId: campaigns.running.id };
  const finished = { tenantId, campaignId: campaigns.finished.id };
  const recalls = calls.filter(({ call }) => call.campaign === 'running');
  const { contacts, attempts } = recallContacts(running, recalls, now);
  const callbacks = recallCallbacks(tenantId, campaigns.running.id, recalls, contacts, now);
  const lapsed = winBackContacts(
    { tenantId, campaignId: campaigns.winBack.id },
    winBack,
    calls.filter(({ call }) => call.campaign === 'winBack'),
  );
  const done = finishedRecallContacts(
    finished,
    calls.filter(({ call }) => call.campaign === 'finished'),
  );
  // A few patients asked on a recall call not to be called again.
  const declined = calls
    .filter(({ call }) => call.campaign && call.outcome === 'answered' && call.callSuccessful === 'failure')
    .slice(0, 4)
    .map(({ row }) => ({
      tenant_id: tenantId,
      phone_number: row.customer_phone_number,
      source: 'call',
      channel: 'call',
      reason: 'Asked on a recall call not to be called again',
      call_id: row.id,
      created_by_user_id: null,
      created_at: row.ended_at,
    }));
  // Listed in the order they were added, as the list's time-ordered ids keep them.
  const doNotCall = [...declined, ...done.optOuts]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((entry) => ({ id: newSequentialId(), ...entry }));
  const plan = PLANS.find((candidate) => candidate.id === 'growth');
  const included = plan?.minutes_included ?? 0;
  const rate = plan?.overage_rate_per_minute ?? 0;
  await deps.db.transaction(async (trx) => {
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
    await trx.batchInsert('outbound_contacts', [...contacts, ...done.contacts, ...lapsed.contacts], BATCH);
    await trx.batchInsert('call_attempts', [...attempts, ...done.attempts, ...lapsed.attempts], BATCH);
    await trx.batchInsert('callbacks', callbacks, BATCH);
    await trx('do_not_call').insert(doNotCall);
    await trx('campaign_contact_totals').insert([
      contactTotalsRow(running, contacts),
      contactTotalsRow(finished, done.contacts),
      contactTotalsRow({ tenantId, campaignId: campaigns.winBack.id }, lapsed.contacts),
    ]);
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
    // The voice provider has every conversation, so each connected call's recording plays and retention can delete
    // it; last, so that a refusal here leaves no history without its conversations.
    await deps.sandbox?.importConversations(calls.map(({ conversation }) => conversation.wire));
  });
  return { calls: calls.length, minutes: history.reduce((sum, call) => sum + billedMinutes(call.durationSec), 0) };
}

/** Makes the clinic's agents, numbers, API key and history once; later starts find its agents and add nothing. */
export async function seedDemoBusiness(
  deps: DemoDeps,
  services: Services,
  actor: DemoActor,
  now: Date,
): Promise<{ calls: number; minutes: number } | null> {
  const existing = await deps.db('agents').where({ tenant_id: actor.tenantId }).first('id');
  if (existing) return null;
  const agents = await makeAgents(deps.db, services, actor);
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
  return writeHistory(deps, actor.tenantId, agents, now, await services.dataPolicy.redactorFor(actor.tenantId));
}

/** Everything the clinic did, in the order its foreign keys allow; its numbers, team and card stay. */
const HISTORY_TABLES = [
  'do_not_call',
  'callbacks',
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
 * the voice emulator too), its history deleted with its conversations at the voice sandbox, then seeded again; live
 * activity continues on top.
 */
export async function resetDemoBusiness(deps: DemoDeps, services: Services, actor: DemoActor, now: Date) {
  const conversationIds = await deps.db.transaction(async (trx) => {
    const ids = (await trx('calls').where({ tenant_id: actor.tenantId }).pluck('conversation_id')) as string[];
    for (const table of HISTORY_TABLES) await trx(table).where({ tenant_id: actor.tenantId }).delete();
    return ids;
  });
  await deps.sandbox?.deleteConversations(conversationIds);
  for (const agent of await services.agents.list(actor.tenantId)) {
    // An active agent is first deactivated (its number released at the provider), then deleted.
    if (agent.active) await services.agents.remove(actor.tenantId, agent.id);
    await services.agents.remove(actor.tenantId, agent.id);
  }
  return seedDemoBusiness(deps, services, actor, now);
}
