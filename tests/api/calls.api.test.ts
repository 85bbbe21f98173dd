import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_UNAVAILABLE_MESSAGE,
  NO_RECORDING_MESSAGE,
  type CallDetailResponse,
  type CallsAnalyticsResponse,
  type RecentCallsResponse,
} from '@shared/api/calls.types';
import { apiRoutes } from '@shared/api/routes';
import { buyNumber, createAgent, freshTenant, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { TEST_DATABASES, type TestApp } from './support/test-app';

describe.each(TEST_DATABASES)('calls: detail, analytics, list and re-analysis (%s)', (kind) => {
  const suite = useApiSuite(kind);
  let app: TestApp;
  let tenant: FreshTenant;
  let other: FreshTenant;
  let agentId: string;
  let callId: string;

  const get = <T = any>(path: string, token: string) => app.request<T>('GET', path, { token });
  const detail = (id: string, token = tenant.user.token) => get<CallDetailResponse>(apiRoutes.calls.byId(id), token);
  const analysed = (id: string) =>
    eventually(async () => {
      const res = expectStatus(await detail(id), 200, 'call detail');
      expect(res.body.conversation?.sentimentAnalysis).not.toBeNull();
      return res.body;
    });

  /** Rings the agent in the sandbox and waits for the call to be recorded; its id. */
  async function simulateCall(): Promise<string> {
    const before = (await get<RecentCallsResponse>(apiRoutes.calls.list(), tenant.admin.token)).body.total;
    expectStatus(
      await app.request('POST', apiRoutes.agents.simulateCall(agentId), { token: tenant.admin.token }),
      202,
      'simulate call',
    );
    return eventually(async () => {
      const page = await get<RecentCallsResponse>(apiRoutes.calls.list(), tenant.admin.token);
      expect(page.body.total).toBe(before + 1);
      return page.body.calls[0]!.id;
    });
  }

  beforeAll(async () => {
    ({ app, tenant } = suite);
    other = await freshTenant(app);
    const number = await buyNumber(app, tenant.admin.token);
    const created = await createAgent(app, tenant.admin.token, { name: 'Ava', phoneNumberId: number.id });
    agentId = expectStatus(created, 201, 'agent').body.agent.id;
    callId = await simulateCall();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('GET calls/:id', () => {
    it('answers the call, its transcript, the provider’s summary and our analysis in the spec’s shape', async () => {
      const body = await analysed(callId);
      expect(body.call).toEqual({
        agentName: 'Ava',
        startedAt: expect.stringMatching(/Z$/),
        durationSec: expect.any(Number),
        costCents: expect.any(Number),
        currency: 'nzd',
        conversationId: expect.stringMatching(/^conv_/),
        outcome: 'answered',
        transfer: null,
        // An inbound call: its opening is not checked for the AI disclosure.
        disclosureMissing: null,
      });
      expect(body.message).toBeUndefined();
      expect(body.transcriptUnavailable).toBe(false);
      const conversation = body.conversation!;
      expect(conversation.transcript.length).toBeGreaterThan(1);
      expect(conversation.transcript[0]).toEqual({
        role: expect.stringMatching(/^(user|agent)$/),
        message: expect.any(String),
        time_in_call_secs: expect.any(Number),
      });
      expect(conversation.analysis).toEqual({
        transcript_summary: expect.any(String),
        call_successful: expect.stringMatching(/^(success|failure|unknown)$/),
      });
      const analysis = conversation.sentimentAnalysis!;
      expect(analysis.customerSentiment.overall).toMatch(/^(positive|negative|neutral)$/);
      expect(analysis.questionAnswering.answerQuality).toBeGreaterThanOrEqual(0);
      expect(analysis.questionAnswering.answerQuality).toBeLessThanOrEqual(10);
      expect(Object.keys(analysis).sort()).toEqual([
        'customerSentiment',
        'improvementSuggestions',
        'questionAnswering',
      ]);
      expect(body.analysedAt).toEqual(expect.any(String));
      expect(body.conversationCachedAt).toEqual(expect.any(String));
    });

    it('is a 404 for another tenant’s call and for an unknown id', async () => {
      expect((await detail(callId, other.admin.token)).status).toBe(404);
      expect((await detail('00000000-0000-0000-0000-000000000000')).status).toBe(404);
    });

    it('serves the cached conversation when the voice service is down, without asking it', async () => {
      const spy = vi.spyOn(app.deps.voice, 'getConversation').mockRejectedValue(new Error('down'));
      const res = expectStatus(await detail(callId), 200, 'detail');
      expect(res.body.conversation?.transcript.length).toBeGreaterThan(1);
      expect(spy).not.toHaveBeenCalled();
    });

    it('reads an uncached conversation from the voice service once, and caches it with its time', async () => {
      await app.deps
        .db('calls')
        .where({ id: callId })
        .update({ conversation_data: null, conversation_cached_at: null });
      const spy = vi.spyOn(app.deps.voice, 'getConversation');
      const first = expectStatus(await detail(callId), 200, 'detail');
      expect(first.body.conversation?.transcript.length).toBeGreaterThan(1);
      expect(first.body.conversationCachedAt).toEqual(expect.any(String));
      await detail(callId);
      expect(spy).toHaveBeenCalledTimes(1);
    });

    it('falls back to the spec’s text when there is no cached copy and the voice service is down', async () => {
      await app.deps
        .db('calls')
        .where({ id: callId })
        .update({ conversation_data: null, conversation_cached_at: null });
      vi.spyOn(app.deps.voice, 'getConversation').mockRejectedValue(new Error('down'));
      const res = expectStatus(await detail(callId), 200, 'detail');
      expect(res.body.message).toBe(CONVERSATION_UNAVAILABLE_MESSAGE);
      expect(res.body.conversation).toBeNull();
      expect(res.body.transcriptUnavailable).toBe(true);
      expect(res.body.call.agentName).toBe('Ava');
      vi.restoreAllMocks();
      // The next read, with the service back, caches it again.
      expect((await detail(callId)).body.conversation?.transcript.length).toBeGreaterThan(1);
    });
  });

  describe('GET calls/:id/recording', () => {
    const recording = (id: string, token = tenant.user.token) =>
      fetch(`${app.baseUrl}${apiRoutes.calls.recording(id)}`, { headers: { authorization: `Bearer ${token}` } });

    it('streams the provider’s recording of the call, by header token only, never cached', async () => {
      const res = await recording(callId);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^audio\//);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const audio = Buffer.from(await res.arrayBuffer());
      // An MPEG audio frame's sync word.
      expect([audio[0], (audio[1] ?? 0) & 0xe0]).toEqual([0xff, 0xe0]);
      expect(Number(res.headers.get('content-length'))).toBe(audio.length);
      const inUrl = await fetch(`${app.baseUrl}${apiRoutes.calls.recording(callId)}?access_token=${tenant.user.token}`);
      expect(inUrl.status).toBe(401);
    });

    it('is a 404 for another tenant’s call and for an unknown id', async () => {
      const theirs = await recording(callId, other.admin.token);
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toMatchObject({ message: 'Call not found.' });
      expect((await recording('00000000-0000-0000-0000-000000000000')).status).toBe(404);
    });

    it('is a 404 with a clear message when the provider has no recording of the call', async () => {
      const providerAgentId = (await app.deps.db('agents').where({ id: agentId }).first('elevenlabs_agent_id'))
        .elevenlabs_agent_id as string;
      const outcome = await app.built.services.calls.recordConversation({
        conversationId: `conv_without_audio_${kind}`,
        agentId: providerAgentId,
        status: 'failed',
        startedAt: new Date().toISOString(),
        durationSec: 0,
        vendorCost: { currency: 'usd', amountMicros: 0 },
        direction: 'inbound',
        agentPhoneNumber: null,
        customerPhoneNumber: null,
        outcome: 'no_answer',
        transcript: [],
        analysis: null,
        recordingUrl: null,
        hasRecording: false,
      });
      expect(outcome).toBe('recorded');
      const id = String(
        (
          await app.deps
            .db('calls')
            .where({ conversation_id: `conv_without_audio_${kind}` })
            .first('id')
        ).id,
      );
      const res = await recording(id);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: NO_RECORDING_MESSAGE });
    });

    it('answers a clear error, not a 500, when the voice service is down', async () => {
      vi.spyOn(app.deps.voice, 'getConversationAudio').mockRejectedValue(new Error('socket hang up'));
      const res = await recording(callId);
      expect(res.status).toBeGreaterThanOrEqual(502);
      expect(res.status).toBeLessThan(505);
      expect((await res.json()).message).toMatch(/^The voice service could not return the recording/);
    });
  });

  describe('GET calls and calls/analytics', () => {
    it('pages the tenant’s calls newest first with the rollup’s total', async () => {
      const res = expectStatus(
        await get<RecentCallsResponse>(`${apiRoutes.calls.list()}?page=0&pageSize=1`, tenant.user.token),
        200,
        'list',
      );
      expect(res.body).toMatchObject({ page: 0, pageSize: 1, total: expect.any(Number) });
      expect(res.body.calls).toHaveLength(1);
      expect(res.body.calls[0]).toMatchObject({ agentId, agentName: 'Ava', direction: 'inbound', currency: 'nzd' });
      const theirs = await get<RecentCallsResponse>(apiRoutes.calls.list(), other.admin.token);
      expect(theirs.body).toMatchObject({ calls: [], total: 0 });
      expect((await get(`${apiRoutes.calls.list()}?agentId=${agentId}`, other.admin.token)).status).toBe(404);
    });

    it('lists only the calls flagged for a missing disclosure when asked, with their count', async () => {
      const list = (query: string) =>
        get<RecentCallsResponse>(`${apiRoutes.calls.list()}?${query}`, tenant.user.token).then((res) =>
          expectStatus(res, 200, 'list'),
        );
      expect((await list('disclosureMissing=true')).body).toMatchObject({ calls: [], total: 0 });
      await app.deps.db('calls').where({ id: callId }).update({ disclosure_missing: true });
      const flagged = (await list('disclosureMissing=true&pageSize=5')).body;
      expect(flagged.total).toBe(1);
      expect(flagged.calls.map((call) => [call.id, call.disclosureMissing])).toEqual([[callId, true]]);
      expect((await list(`disclosureMissing=true&agentId=${agentId}`)).body.total).toBe(1);
      const all = (await list('disclosureMissing=false&pageSize=100')).body;
      expect(all.total).toBeGreaterThan(1);
      expect(all.calls.filter((call) => call.disclosureMissing === true)).toHaveLength(1);
      const bad = await get(`${apiRoutes.calls.list()}?disclosureMissing=maybe`, tenant.user.token);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('disclosureMissing must be true or false');
      await app.deps.db('calls').where({ id: callId }).update({ disclosure_missing: null });
    });

    it.each([
      ['page=-1', 'Page must be 0 or more'],
      ['pageSize=0', 'Page size must be at least 1'],
      ['pageSize=101', 'Page size must be 100 or less'],
      ['page=x', 'Page must be a whole number'],
    ])('refuses %s with 400', async (query, message) => {
      const res = await get(`${apiRoutes.calls.list()}?${query}`, tenant.user.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('sums the period from the rollups, a point per day, and filters by agent', async () => {
      const res = expectStatus(
        await get<CallsAnalyticsResponse>(`${apiRoutes.calls.analytics()}?period=7d`, tenant.user.token),
        200,
        'analytics',
      );
      const { totals, series, outcomes } = res.body;
      expect(series).toHaveLength(7);
      expect(series.reduce((sum, day) => sum + day.calls, 0)).toBe(totals.totalCalls);
      expect(totals.totalCalls).toBeGreaterThanOrEqual(1);
      expect(outcomes.reduce((sum, o) => sum + o.calls, 0)).toBe(totals.totalCalls);
      expect(totals.successRate).toBeCloseTo(totals.successfulCalls / totals.totalCalls, 3);
      expect(res.body.currency).toBe('nzd');
      expect(Number.isInteger(totals.totalCostCents) && Number.isInteger(totals.averageCostCents)).toBe(true);
      expect(series.reduce((sum, day) => sum + day.costCents, 0)).toBe(totals.totalCostCents);
      const theirs = await get<CallsAnalyticsResponse>(
        `${apiRoutes.calls.analytics()}?agentId=${agentId}`,
        other.admin.token,
      );
      expect(theirs.body.totals.totalCalls).toBe(0);
      expect((await get(`${apiRoutes.calls.analytics()}?period=1y`, tenant.user.token)).status).toBe(400);
    });
  });

  describe('re-analysis', () => {
    const start = (token: string, body: unknown) =>
      app.request('POST', apiRoutes.analysisRuns.collection(), { token, body });

    it('is for admins only, and another tenant’s call, agent or campaign is a 404', async () => {
      expect((await start(tenant.user.token, { scope: 'call', id: callId })).status).toBe(403);
      expect((await start(other.admin.token, { scope: 'call', id: callId })).status).toBe(404);
      expect((await start(other.admin.token, { scope: 'agent', id: agentId })).status).toBe(404);
      expect((await start(tenant.admin.token, { scope: 'campaign', id: agentId })).status).toBe(404);
      const bad = await start(tenant.admin.token, { scope: 'tenant', id: callId });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Scope must be one of call, agent or campaign');
    });

    it('re-runs an agent’s calls with progress, and replaces each analysis with the new one', async () => {
      const before = await analysed(callId);
      const res = expectStatus(await start(tenant.admin.token, { scope: 'agent', id: agentId }), 202, 'run');
      const { run } = res.body;
      expect(run).toMatchObject({ scope: 'agent', scopeId: agentId, status: 'running', succeeded: 0, failed: 0 });
      const finished = await eventually(async () => {
        const progress = expectStatus(
          await get<any>(apiRoutes.analysisRuns.byId(run.id), tenant.admin.token),
          200,
          'run',
        );
        expect(progress.body.run.status).toBe('finished');
        return progress.body.run;
      });
      expect(finished).toMatchObject({ total: run.total, succeeded: run.total, failed: 0 });
      const after = (await detail(callId)).body;
      expect(after.analysedAt! >= before.analysedAt!).toBe(true);
      expect((await get(apiRoutes.analysisRuns.byId(run.id), other.admin.token)).status).toBe(404);
    });

    it('flags an outbound call whose first words lack the AI disclosure, and not one that has it', async () => {
      const row = await app.deps.db('calls').where({ id: callId }).first();
      const data = JSON.parse(row.conversation_data);
      const { callAnalysis, tenants } = suite.app.built.services;
      const { name } = await tenants.get(tenant.id);
      const opening = (message: string) =>
        JSON.stringify({ ...data, transcript: [{ role: 'agent', message, timeInCallSecs: 0 }] });
      try {
        await app.deps
          .db('calls')
          .where({ id: callId })
          .update({
            direction: 'outbound',
            conversation_data: opening(`Hi, this is the automated assistant calling for ${name}. Kia ora!`),
          });
        await callAnalysis.analyseCall(callId, null, true);
        expect((await detail(callId)).body.call.disclosureMissing).toBe(false);
        await app.deps
          .db('calls')
          .where({ id: callId })
          .update({ conversation_data: opening('Kia ora, just a quick call about your appointment.') });
        await callAnalysis.analyseCall(callId, null, true);
        expect((await detail(callId)).body.call.disclosureMissing).toBe(true);
      } finally {
        await app.deps
          .db('calls')
          .where({ id: callId })
          .update({ direction: row.direction, conversation_data: row.conversation_data, disclosure_missing: null });
      }
    });

    it('adds a caller who asked not to be called again to the do-not-call list, once', async () => {
      const before = await analysed(callId);
      const callerNumber = '+64211234567';
      await app.deps.db('calls').where({ id: callId }).update({ customer_phone_number: callerNumber });
      vi.spyOn(app.deps.analysis, 'analyse').mockResolvedValue({
        ...before.conversation!.sentimentAnalysis!,
        optOut: { requested: true, quote: 'Please stop calling me.' },
      });
      const { callAnalysis, doNotCall } = suite.app.built.services;
      expect((await doNotCall.isBlocked(tenant.id, [callerNumber])).size).toBe(0);
      await callAnalysis.analyseCall(callId, null, true);
      await callAnalysis.analyseCall(callId, null, true);
      expect((await doNotCall.isBlocked(tenant.id, [callerNumber])).size).toBe(1);
      const entries = await app.deps.db('do_not_call').where({ tenant_id: tenant.id, call_id: callId });
      expect(entries).toHaveLength(1);
      expect((await doNotCall.isBlocked(other.id, [callerNumber])).size).toBe(0);
    });

    it('keeps the previous analysis when the analyser fails, and counts the call as failed on its last attempt', async () => {
      const before = await analysed(callId);
      const runRow = await app.deps.db('analysis_runs').where({ scope_id: agentId }).first();
      vi.spyOn(app.deps.analysis, 'analyse').mockRejectedValue(new Error('analyser down'));
      const { callAnalysis } = suite.app.built.services;
      await app.deps
        .db('analysis_runs')
        .where({ id: runRow.id })
        .update({ status: 'running', succeeded: 0, failed: 0 });
      await expect(callAnalysis.analyseCall(callId, runRow.id, false)).rejects.toThrow('analyser down');
      expect(Number((await app.deps.db('analysis_runs').where({ id: runRow.id }).first()).failed)).toBe(0);
      await expect(callAnalysis.analyseCall(callId, runRow.id, true)).rejects.toThrow('analyser down');
      expect(Number((await app.deps.db('analysis_runs').where({ id: runRow.id }).first()).failed)).toBe(1);
      const after = (await detail(callId)).body;
      expect(after.conversation?.sentimentAnalysis).toEqual(before.conversation?.sentimentAnalysis);
      expect(after.analysedAt).toBe(before.analysedAt);
    });
  });
});
