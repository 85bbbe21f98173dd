import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import type { CallbacksPage } from '@shared/api/callbacks.types';
import type { CallDetailResponse } from '@shared/api/calls.types';
import type { CampaignResponse } from '@shared/api/campaigns.types';
import type { ContactsPage, ContactTotals } from '@shared/api/contacts.types';
import type { CampaignAnalytics, DialingProgress } from '@shared/api/dialer.types';
import type { MachineVerdictsResponse } from '@shared/api/machine-verdicts.types';
import type { UsageHistoryResponse } from '@shared/api/usage.types';
import { MACHINE_VERDICT_OUTCOMES, REACHED_OUTCOMES, type CallOutcome } from '@shared/domain/call-outcomes';
import { PII_MARKERS } from '@shared/domain/pii-redaction';
import type { ContactStatus } from '@shared/schemas/contact.schema';
import { resetDemoBusiness, seedDemoBusiness } from '../../server/src/db/seeds/demo-business';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { CLINIC_TIMEZONE, DEMO_FRONT_DESK } from '../../server/src/db/seeds/demo-history';
import { DEMO_TENANT_IDS, DEMO_USER_IDS } from '../../server/src/db/seeds/demo.seed';
import { failureBrake, FAILURE_WINDOW } from '../../server/src/modules/dialer/brake-rules';
import { recentOutcomes } from '../../server/src/modules/dialer/dialer.store';
import { redactedConversation } from '../../server/src/modules/calls/call-redaction';
import type { VoiceConversation } from '../../server/src/providers/voice/voice.types';
import { DIALER_JOBS_OFF, startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

const actor = { tenantId: DEMO_TENANT_IDS.demo, userId: DEMO_USER_IDS.admin };

interface StoredCall {
  id: string;
  status: CallOutcome;
  campaign_id: string | null;
  conversation_id: string;
  conversation_data: string;
  transcript: string | null;
  customer_phone_number: string;
  duration_sec: number;
  cost_cents: number;
  started_at: string | Date;
}

const isoOf = (at: string | Date) => new Date(at).toISOString();

describe.each(TEST_DATABASES)('the demo clinic’s business (%s)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // The running recall campaign is not dialled during the suite, so the figures compared are the history's alone.
    app = await startTestApp(kind, { config: { workerJobs: DIALER_JOBS_OFF } });
  }, 60_000);
  afterAll(async () => app.close());

  const count = async (table: string) =>
    Number((await app.deps.db(table).where({ tenant_id: actor.tenantId }).count({ n: '*' }).first())?.n ?? 0);
  const rolledUpCalls = async () =>
    Number(
      (await app.deps.db('tenant_call_daily').where({ tenant_id: actor.tenantId }).sum({ n: 'call_count' }).first())
        ?.n ?? 0,
    );
  const storedCalls = async (): Promise<StoredCall[]> =>
    app.deps
      .db('calls')
      .where({ tenant_id: actor.tenantId })
      .orderBy('started_at')
      .select(
        'id',
        'status',
        'campaign_id',
        'conversation_id',
        'conversation_data',
        'transcript',
        'customer_phone_number',
        'duration_sec',
        'cost_cents',
        'started_at',
      );
  const campaignIdNamed = async (name: string) =>
    String((await app.deps.db('campaigns').where({ tenant_id: actor.tenantId, name }).first('id'))?.id);
  const runningCampaignId = () => campaignIdNamed('Summer check-up recall');
  const finishedCampaignId = () => campaignIdNamed('Spring check-up recall');
  /** What a full count of the campaign's contacts says. */
  const countedTotals = async (campaignId: string): Promise<ContactTotals> => {
    const rows = (await app.deps
      .db('outbound_contacts')
      .where({ tenant_id: actor.tenantId, campaign_id: campaignId })
      .groupBy('status')
      .select('status')
      .count({ n: '*' })) as Array<{ status: ContactStatus; n: number | string }>;
    const totals: ContactTotals = { pending: 0, in_progress: 0, completed: 0, failed: 0, total: 0 };
    for (const row of rows) {
      totals[row.status] = Number(row.n);
      totals.total += Number(row.n);
    }
    return totals;
  };
  const campaignAttempts = async (campaignId: string) =>
    (await app.deps
      .db('call_attempts')
      .where({ tenant_id: actor.tenantId, campaign_id: campaignId })
      .select('contact_id', 'call_id', 'attempt_number', 'status', 'outcome', 'duration_sec', 'created_at')) as Array<{
      contact_id: string;
      call_id: string;
      attempt_number: number;
      status: string;
      outcome: CallOutcome;
      duration_sec: number;
      created_at: string | Date;
    }>;
  const adminToken = async () => (await app.login(DEMO_ACCOUNTS.admin.email)).accessToken;
  const recording = async (callId: string, token: string) => {
    const response = await fetch(`${app.baseUrl}${apiRoutes.calls.recording(callId)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: (await response.arrayBuffer()).byteLength,
    };
  };

  it('opens on six months of calls, rolled up, with last month over its included minutes', async () => {
    const seeded = await seedDemoBusiness(app.deps, app.services, actor, app.deps.clock.now());
    expect(seeded?.calls).toBeGreaterThan(1000);
    expect(await count('calls')).toBe(seeded?.calls);
    expect(await rolledUpCalls()).toBe(seeded?.calls);

    const { accessToken } = await app.login(DEMO_ACCOUNTS.admin.email);
    const history = await app.request<UsageHistoryResponse>('GET', apiRoutes.usage.history(), { token: accessToken });
    expect(history.status).toBe(200);
    const months = history.body.usageHistory;
    // Six months of history, the current one empty before its first call (early on the 1st).
    expect(months.length).toBeGreaterThanOrEqual(5);
    // Last month's recall campaign takes the clinic over its plan, the months before stay within it; this month's
    // running campaign may take it over too near the month's end.
    const now = app.deps.clock.now();
    const lastMonthKey = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const lastMonth = months.find((month) => month.monthYyyyMm === lastMonthKey);
    expect(lastMonth?.minutesBillable).toBeGreaterThan(0);
    const earlier = months.filter((month) => month.monthYyyyMm < lastMonthKey);
    expect(earlier).toHaveLength(4);
    expect(earlier.map((month) => month.minutesBillable)).toEqual([0, 0, 0, 0]);
    const agents = await app.services.agents.list(actor.tenantId);
    expect(agents.map((agent) => Boolean(agent.elevenlabsAgentId && agent.phoneNumber))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  }, 60_000);

  it('gives each agent one campaign at most, as the product allows', async () => {
    const linked: Array<{ agent_id: string }> = await app.deps
      .db('campaigns')
      .where({ tenant_id: actor.tenantId })
      .whereNotNull('agent_id')
      .select('agent_id');
    expect(linked.length).toBeGreaterThan(0);
    expect(new Set(linked.map((row) => row.agent_id)).size).toBe(linked.length);
  });

  it('rolls every outcome up as the raw calls have it', async () => {
    const raw = new Map<string, number>();
    for (const call of await storedCalls()) raw.set(call.status, (raw.get(call.status) ?? 0) + 1);
    const rolled = (await app.deps
      .db('tenant_outcome_daily')
      .where({ tenant_id: actor.tenantId })
      .groupBy('outcome')
      .select('outcome')
      .sum({ calls: 'call_count' })) as Array<{ outcome: string; calls: number | string }>;
    expect(new Map(rolled.map((row) => [row.outcome, Number(row.calls)]))).toEqual(raw);
    for (const outcome of ['voicemail_left', 'machine_no_message', 'transferred', 'transfer_missed']) {
      expect(raw.get(outcome), outcome).toBeGreaterThan(0);
    }
  });

  it('has every call’s conversation at the voice provider as the call caches it, with a recording when it connected', async () => {
    const calls = await storedCalls();
    const onePerOutcome = [...new Map(calls.map((call) => [call.status, call])).values()];
    const token = await adminToken();
    const redact = await app.built.services.dataPolicy.redactorFor(actor.tenantId);
    for (const call of onePerOutcome) {
      const cached = JSON.parse(call.conversation_data) as VoiceConversation;
      // Read through the vendor's SDK, as the call detail and the reconciler read it; stored through the redaction.
      const atProvider = await app.deps.voice.getConversation(call.conversation_id);
      expect(redactedConversation(atProvider, redact), call.status).toEqual(cached);
      const connected = call.status !== 'busy' && call.status !== 'no_answer';
      const audio = await recording(call.id, token);
      expect(audio.status, call.status).toBe(connected ? 200 : 404);
      if (connected) {
        expect(audio.type).toBe('audio/mpeg');
        expect(audio.bytes).toBeGreaterThan(0);
        const detail = await app.request<CallDetailResponse>('GET', apiRoutes.calls.byId(call.id), { token });
        expect(detail.body.hasRecording).toBe(true);
      }
    }
  });

  it('stores the history as the clinic’s data policy says: card numbers and dates of birth redacted', async () => {
    const calls = await storedCalls();
    const paid = calls.filter((call) => String(call.transcript ?? '').includes('by card'));
    expect(paid.length).toBeGreaterThan(0);
    for (const call of calls) expect(String(call.transcript ?? '')).not.toMatch(/4111|1988/);
    expect(String(paid[0]?.transcript ?? '')).toContain(PII_MARKERS.card);
    expect(String(paid[0]?.transcript ?? '')).toContain(PII_MARKERS.dateOfBirth);
    // The provider keeps what was said; only Parley's copy is redacted.
    const atProvider = await app.deps.voice.getConversation(String(paid[0]?.conversation_id));
    expect(atProvider.transcript.map((turn) => turn.message).join(' ')).toContain('4111 1111 1111 1111');
  });

  it('shows the running recall’s machines, messages left and transfers in its analytics, with their evidence', async () => {
    const campaignId = await runningCampaignId();
    const token = await adminToken();
    const raw = new Map<string, number>();
    for (const call of await storedCalls()) {
      if (call.campaign_id === campaignId) raw.set(call.status, (raw.get(call.status) ?? 0) + 1);
    }
    const total = (outcomes: readonly string[]) => outcomes.reduce((sum, outcome) => sum + (raw.get(outcome) ?? 0), 0);
    const analytics = await app.request<CampaignAnalytics>('GET', apiRoutes.dialer.analytics(campaignId), { token });
    expect(analytics.status).toBe(200);
    const figures = analytics.body;
    expect(figures.calls).toBe(total([...raw.keys()]));
    expect(figures.answered).toBe(raw.get('answered'));
    expect(figures.voicemailLeft).toBe(raw.get('voicemail_left'));
    expect(figures.transferred).toBe(raw.get('transferred'));
    expect(figures.transferMissed).toBe(raw.get('transfer_missed'));
    expect(figures.machineVerdicts).toBe(total(MACHINE_VERDICT_OUTCOMES));
    expect(figures.machineRate).toBeCloseTo(figures.machineVerdicts / figures.calls);
    // About a quarter of the calls that connect reach a machine.
    const connected = figures.calls - total(['no_answer', 'busy']);
    expect(figures.machineVerdicts / connected).toBeGreaterThan(0.18);
    expect(figures.machineVerdicts / connected).toBeLessThan(0.38);
    const due = await app.deps
      .db('callbacks')
      .where({ tenant_id: actor.tenantId, campaign_id: campaignId })
      .whereIn('status', ['open', 'assigned'])
      .andWhere('requested_at', '<=', app.deps.clock.now().toISOString())
      .count({ n: '*' })
      .first();
    expect(figures.callbacksDue).toBe(Number(due?.n ?? 0));

    // The screens agree with the history: the campaign leaves a message on machines, its agent transfers to the desk.
    const campaign = await app.request<CampaignResponse>('GET', apiRoutes.campaigns.byId(campaignId), { token });
    expect(campaign.body.campaign.machineHandling).toMatchObject({ action: 'leave_message', screeningBot: 'machine' });
    expect(campaign.body.campaign.machineHandling.message).toContain('{{first_name}}');
    const agents = await app.services.agents.list(actor.tenantId);
    const caller = agents.find((agent) => agent.id === campaign.body.campaign.agentId);
    expect(caller?.transferTargets).toEqual([DEMO_FRONT_DESK]);
    expect(agents.find((agent) => agent.name === 'Front Desk')?.transferTargets).toEqual([DEMO_FRONT_DESK]);

    // Each machine verdict keeps its evidence as a live call's does.
    const verdicts = await app.request<MachineVerdictsResponse>(
      'GET',
      `${apiRoutes.machineVerdicts.collection(campaignId)}?limit=100`,
      { token },
    );
    expect(verdicts.body.total).toBe(figures.machineVerdicts);
    for (const verdict of verdicts.body.verdicts) {
      expect(verdict.evidence.detection, verdict.outcome).toBeTruthy();
      if (verdict.outcome === 'voicemail_left') {
        expect(verdict.evidence.voicemailMessage).toMatch(/^Hi \w+, this is Demo Dental Clinic\./);
        expect(verdict.evidence.transcriptStart).toMatch(/^Callee: Hi, you've reached \w+\./);
      }
    }
  });

  it('ends every patient of last month’s recall, with an attempt per call and totals that equal a full count', async () => {
    const campaignId = await finishedCampaignId();
    const token = await adminToken();
    const calls = new Map(
      (await storedCalls()).filter((call) => call.campaign_id === campaignId).map((call) => [call.id, call]),
    );
    const contacts = (await app.deps
      .db('outbound_contacts')
      .where({ tenant_id: actor.tenantId, campaign_id: campaignId })
      .select('id', 'phone_number', 'status', 'skip_reason', 'attempts_made', 'next_attempt_at')) as Array<{
      id: string;
      phone_number: string;
      status: ContactStatus;
      skip_reason: string | null;
      attempts_made: number;
      next_attempt_at: string | null;
    }>;
    const attempts = await campaignAttempts(campaignId);
    // One attempt per call of the campaign, linked to it.
    expect(calls.size).toBeGreaterThan(100);
    expect(attempts).toHaveLength(calls.size);
    expect(new Set(attempts.map((attempt) => attempt.call_id)).size).toBe(calls.size);
    const listed = new Set(
      (await app.deps.db('do_not_call').where({ tenant_id: actor.tenantId }).pluck('phone_number')) as string[],
    );
    const ended = { completed: 0, retriesUsedUp: 0, optedOut: 0 };
    for (const contact of contacts) {
      const own = attempts
        .filter((attempt) => attempt.contact_id === contact.id)
        .sort((a, b) => a.attempt_number - b.attempt_number);
      expect(own.map((attempt) => attempt.attempt_number)).toEqual(own.map((_, index) => index + 1));
      expect(own).toHaveLength(contact.attempts_made);
      for (const attempt of own) {
        const call = calls.get(attempt.call_id);
        expect(call?.customer_phone_number).toBe(contact.phone_number);
        expect(attempt.outcome).toBe(call?.status);
      }
      expect(contact.next_attempt_at).toBeNull();
      // Only the last attempt may have reached the patient: the dialer stops there.
      const reached = own.map((attempt) => REACHED_OUTCOMES.has(attempt.outcome));
      expect(reached.slice(0, -1).every((was) => !was)).toBe(true);
      if (contact.status === 'completed') {
        expect(reached[reached.length - 1]).toBe(true);
        ended.completed += 1;
      } else {
        expect(contact.status).toBe('failed');
        expect(reached.some(Boolean)).toBe(false);
        if (contact.skip_reason === 'do_not_call') {
          expect(listed.has(contact.phone_number)).toBe(true);
          ended.optedOut += 1;
        } else {
          expect(contact.skip_reason).toBeNull();
          expect(own.length).toBeGreaterThanOrEqual(2);
          ended.retriesUsedUp += 1;
        }
      }
    }
    expect(ended.completed).toBeGreaterThan(ended.retriesUsedUp + ended.optedOut);
    expect(ended.retriesUsedUp).toBeGreaterThan(0);
    expect(ended.optedOut).toBeGreaterThan(0);

    // Both recalls' totals equal a full count of their contacts; the finished one is all done.
    for (const id of [campaignId, await runningCampaignId()]) {
      const page = await app.request<ContactsPage>('GET', `${apiRoutes.contacts.collection(id)}?limit=1`, { token });
      expect(page.body.totals).toEqual(await countedTotals(id));
    }
    const progress = await app.request<DialingProgress>('GET', apiRoutes.dialer.progress(campaignId), { token });
    expect(progress.body.contactsByStatus).toEqual({
      pending: 0,
      in_progress: 0,
      completed: ended.completed,
      failed: ended.retriesUsedUp + ended.optedOut,
    });
    expect(progress.body.nextCallAt).toBeNull();
  });

  it('shows last month’s finished recall by day and outcome, with the answer rate, length and cost of its calls', async () => {
    const campaignId = await finishedCampaignId();
    const token = await adminToken();
    const calls = (await storedCalls()).filter((call) => call.campaign_id === campaignId);
    const attempts = new Map((await campaignAttempts(campaignId)).map((attempt) => [attempt.call_id, attempt]));
    const dayOf = (at: string | Date) =>
      DateTime.fromJSDate(new Date(at), { zone: CLINIC_TIMEZONE }).toISODate() as string;
    const [first] = calls;
    if (!first) throw new Error('The finished recall has no calls');
    const month = DateTime.fromISO(dayOf(first.started_at), { zone: CLINIC_TIMEZONE });
    const from = month.startOf('month').toISODate() as string;
    const to = month.endOf('month').toISODate() as string;
    const analytics = await app.request<CampaignAnalytics>(
      'GET',
      `${apiRoutes.dialer.analytics(campaignId)}?from=${from}&to=${to}`,
      { token },
    );
    expect(analytics.status).toBe(200);
    const figures = analytics.body;

    // Its attempts are its calls': same outcome, length and moment.
    const expectedDays = new Map<string, Map<string, number>>();
    let answeredSeconds = 0;
    for (const call of calls) {
      const attempt = attempts.get(call.id);
      if (!attempt) throw new Error(`No attempt placed call ${call.id}`);
      expect(attempt).toMatchObject({ outcome: call.status, duration_sec: call.duration_sec });
      expect(isoOf(attempt.created_at)).toBe(isoOf(call.started_at));
      const day = dayOf(call.started_at);
      expect(day >= from && day <= to, day).toBe(true);
      const outcomes = expectedDays.get(day) ?? new Map<string, number>();
      outcomes.set(call.status, (outcomes.get(call.status) ?? 0) + 1);
      expectedDays.set(day, outcomes);
      if (call.status === 'answered') answeredSeconds += call.duration_sec;
    }
    // Plain outcomes only: the campaign ran before answer classification.
    expect(new Set(calls.map((call) => call.status))).toEqual(new Set(['answered', 'voicemail', 'busy', 'no_answer']));
    for (const day of figures.days) {
      const shown = Object.entries(day.outcomes).filter(([, count]) => count > 0);
      expect(new Map(shown), day.date).toEqual(expectedDays.get(day.date) ?? new Map());
    }
    expect(figures.days.filter((day) => Object.values(day.outcomes).some((count) => count > 0)).length).toBe(
      expectedDays.size,
    );
    const answered = calls.filter((call) => call.status === 'answered').length;
    expect(figures.calls).toBe(calls.length);
    expect(figures.answered).toBe(answered);
    expect(figures.answerRate).toBeCloseTo(answered / calls.length);
    expect(figures.averageDurationSec).toBe(Math.round(answeredSeconds / answered));
    expect(figures.costCents).toBe(calls.reduce((sum, call) => sum + call.cost_cents, 0));
    expect(figures.costCents).toBeGreaterThan(0);
  });

  it('shows the win-back paused by the failure brake for its last attempts, its other patients pending', async () => {
    const campaignId = await campaignIdNamed('Lapsed patients win-back');
    const token = await adminToken();
    const { campaign } = (await app.request<CampaignResponse>('GET', apiRoutes.campaigns.byId(campaignId), { token }))
      .body;
    // Paused with the reason the dialer's brake gives for the outcomes it reads, and still active to be resumed.
    const brake = failureBrake(await recentOutcomes(app.deps.db, campaignId, FAILURE_WINDOW));
    expect(brake).toMatch(/^Paused: \d+ of the last 20 calls failed\.$/);
    expect(campaign).toMatchObject({ active: true, campaignType: 'outbound', pausedReason: brake });
    expect(campaign.pausedAt).not.toBeNull();
    // Its own agent, which discloses itself, calls from a number of its own.
    const agent = (await app.services.agents.list(actor.tenantId)).find((one) => one.id === campaign.agentId);
    expect(agent?.disclosure).toBeTruthy();
    expect(agent?.phoneNumber).toBeTruthy();

    // One attempt per patient dialled: a refused number has no call and is given up on; a call has its row.
    const calls = new Map(
      (await storedCalls()).filter((call) => call.campaign_id === campaignId).map((call) => [call.id, call]),
    );
    const attempts = await campaignAttempts(campaignId);
    const contacts = (await app.deps
      .db('outbound_contacts')
      .where({ tenant_id: actor.tenantId, campaign_id: campaignId })
      .select('id', 'phone_number', 'status', 'attempts_made')) as Array<{
      id: string;
      phone_number: string;
      status: ContactStatus;
      attempts_made: number;
    }>;
    const refused = attempts.filter((attempt) => attempt.outcome === 'failed');
    expect(refused.every((attempt) => attempt.call_id === null)).toBe(true);
    expect(attempts.length - refused.length).toBe(calls.size);
    for (const contact of contacts) {
      const own = attempts.filter((attempt) => attempt.contact_id === contact.id);
      expect(own).toHaveLength(contact.attempts_made);
      const [attempt] = own;
      if (!attempt) expect(contact.status).toBe('pending');
      else if (attempt.outcome === 'failed') expect(contact.status).toBe('failed');
      else expect(calls.get(attempt.call_id)?.customer_phone_number).toBe(contact.phone_number);
    }
    expect(contacts.filter((contact) => contact.attempts_made === 0).length).toBeGreaterThan(0);
    expect(refused.length * 2).toBeGreaterThanOrEqual(FAILURE_WINDOW);

    const page = await app.request<ContactsPage>('GET', `${apiRoutes.contacts.collection(campaignId)}?limit=1`, {
      token,
    });
    expect(page.body.totals).toEqual(await countedTotals(campaignId));
  });

  it('lists a callback for each missed transfer: the earlier ones done, the latest waiting', async () => {
    const campaignId = await runningCampaignId();
    const token = await adminToken();
    const missed = (await storedCalls()).filter((call) => call.status === 'transfer_missed');
    const list = await app.request<CallbacksPage>('GET', `${apiRoutes.callbacks.collection()}?limit=100`, { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(missed.length);
    const byContact = new Map(list.body.callbacks.map((callback) => [callback.contactId, callback]));
    expect(byContact.size).toBe(missed.length);
    for (const callback of list.body.callbacks) {
      expect(callback).toMatchObject({
        campaignId,
        targetName: DEMO_FRONT_DESK.name,
        targetNumber: DEMO_FRONT_DESK.phoneNumber,
      });
      expect(callback.contactName).toMatch(/^\w+ \w+$/);
      expect(callback.summary).toContain('callback');
    }
    const statuses = new Set(list.body.callbacks.map((callback) => callback.status));
    expect(statuses.has('done')).toBe(true);
    expect(statuses.has('assigned') || statuses.has('open')).toBe(true);
    expect([...statuses].every((status) => ['open', 'assigned', 'done'].includes(status))).toBe(true);
  });

  it('purges the history’s oldest recordings at the voice provider, as retention does', async () => {
    const oldest = (await storedCalls()).slice(0, 5);
    const last = oldest[oldest.length - 1];
    const before = new Date(new Date(last?.started_at ?? 0).getTime() + 1000).toISOString();
    expect(await app.services.calls.purgeRecordingsBefore(actor.tenantId, before)).toBe(oldest.length);
    const token = await adminToken();
    for (const call of oldest) {
      await expect(app.deps.voice.getConversation(call.conversation_id)).rejects.toThrow();
      expect((await recording(call.id, token)).status).toBe(404);
    }
  });

  it('adds nothing when seeded again', async () => {
    const calls = await count('calls');
    expect(await seedDemoBusiness(app.deps, app.services, actor, app.deps.clock.now())).toBeNull();
    expect(await count('calls')).toBe(calls);
  });

  it('comes back to its first state after a reset, with the same numbers, its old conversations forgotten', async () => {
    const numbersBefore = (await app.services.phoneNumbers.list(actor.tenantId)).map((n) => n.phoneNumber).sort();
    const calls = await count('calls');
    const callbacks = await count('callbacks');
    const [oldCall] = (await storedCalls()).slice(-1);
    // What a pitch may change: a campaign deleted.
    await app.deps.db('campaigns').where({ tenant_id: actor.tenantId, campaign_type: 'inbound' }).delete();
    const reset = await resetDemoBusiness(app.deps, app.services, actor, app.deps.clock.now());
    expect(reset?.calls).toBe(calls);
    expect(await count('calls')).toBe(calls);
    expect(await rolledUpCalls()).toBe(calls);
    expect(await count('callbacks')).toBe(callbacks);
    expect(await count('agents')).toBe(4);
    expect(await count('campaigns')).toBe(4);
    const numbersAfter = (await app.services.phoneNumbers.list(actor.tenantId)).map((n) => n.phoneNumber).sort();
    expect(numbersAfter).toEqual(numbersBefore);
    await expect(app.deps.voice.getConversation(oldCall?.conversation_id ?? '')).rejects.toThrow();
    const [newCall] = (await storedCalls()).slice(-1);
    await expect(app.deps.voice.getConversation(newCall?.conversation_id ?? '')).resolves.toBeTruthy();
  }, 60_000);

  it('is reset by a superadmin only, through the admin action', async () => {
    const admin = await app.login(DEMO_ACCOUNTS.admin.email);
    const refused = await app.request('POST', apiRoutes.admin.demoReset(), { token: admin.accessToken });
    expect(refused.status).toBe(403);
    const superadmin = await app.login(DEMO_ACCOUNTS.superadmin.email);
    const reset = await app.request('POST', apiRoutes.admin.demoReset(), { token: superadmin.accessToken });
    expect(reset.status).toBe(200);
    expect(await count('agents')).toBe(4);
  }, 60_000);
});
