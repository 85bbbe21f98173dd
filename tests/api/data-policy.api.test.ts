import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSCRIPT_DELETED_MESSAGE, type CallDetailResponse, type RecentCallsResponse } from '@shared/api/calls.types';
import type { DataPolicyResponse } from '@shared/api/data-policy.types';
import { apiRoutes } from '@shared/api/routes';
import type { WebhookSecretResponse } from '@shared/api/webhooks.types';
import { RETENTION_PURGE_JOB } from '../../server/src/modules/data-policy/data-policy.jobs';
import { jobDefinitions } from '../../server/src/jobs/job-registry';
import type { VoiceConversation } from '../../server/src/providers/voice/voice.types';
import { buyNumber, createAgent, freshTenant, signIn, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { TEST_DATABASES, testClock, type TestApp } from './support/test-app';
import { startWebhookReceiver } from './support/webhook-receiver';

const DAY_MS = 24 * 3600 * 1000;
const CARD = '4111 1111 1111 1111';
const EMAIL = 'jane.doe@example.co.nz';
const SAID = `My card is ${CARD} and my e-mail is ${EMAIL}, call me at 10:30.`;

describe.each(TEST_DATABASES)('data policy: redaction and retention (%s)', (kind) => {
  const clock = testClock();
  const suite = useApiSuite(kind, { clock });
  let app: TestApp;
  let tenant: FreshTenant;
  let agentId: string;

  const policyOf = (token: string) => app.request<DataPolicyResponse>('GET', apiRoutes.tenant.dataPolicy(), { token });
  const putPolicy = (token: string, body: unknown) =>
    app.request<DataPolicyResponse>('PUT', apiRoutes.tenant.dataPolicy(), { token, body });
  const setPolicy = async (body: DataPolicyResponse['dataPolicy']) =>
    expectStatus(await putPolicy(tenant.admin.token, body), 200, 'data policy').body.dataPolicy;

  /** Rings the agent in the sandbox (saying `said` when given) and waits for the call to be recorded; its id. */
  async function simulateCall(said?: string): Promise<string> {
    if (said) {
      const real = app.deps.voice.getConversation.bind(app.deps.voice);
      vi.spyOn(app.deps.voice, 'getConversation').mockImplementation(async (id): Promise<VoiceConversation> => {
        const conversation = await real(id);
        return {
          ...conversation,
          transcript: conversation.transcript.map((turn) => ({ ...turn, message: `${turn.message} ${said}` })),
          analysis: conversation.analysis && { ...conversation.analysis, transcriptSummary: `Caller said: ${said}` },
        };
      });
    }
    const list = () => app.request<RecentCallsResponse>('GET', apiRoutes.calls.list(), { token: tenant.admin.token });
    const known = new Set((await list()).body.calls.map((call) => call.id));
    expectStatus(
      await app.request('POST', apiRoutes.agents.simulateCall(agentId), { token: tenant.admin.token }),
      202,
      'simulate call',
    );
    // Calls of the same second may list in either order: the new one is the one not listed before.
    const id = await eventually(async () => {
      const added = (await list()).body.calls.filter((call) => !known.has(call.id));
      expect(added).toHaveLength(1);
      return added[0]!.id;
    });
    vi.restoreAllMocks();
    return id;
  }

  const storedCall = (id: string) =>
    app.deps
      .db('calls')
      .where({ id })
      .first('transcript', 'summary', 'conversation_data', 'transcript_purged_at', 'recording_purged_at');

  beforeAll(async () => {
    ({ app, tenant } = suite);
    const number = await buyNumber(app, tenant.admin.token);
    const created = await createAgent(app, tenant.admin.token, { name: 'Ava', phoneNumberId: number.id });
    agentId = expectStatus(created, 201, 'agent').body.agent.id;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('GET/PUT tenant/data-policy', () => {
    it('answers a new tenant’s defaults: redaction on, a year of recordings and transcripts', async () => {
      const fresh = await freshTenant(app);
      expect(expectStatus(await policyOf(fresh.admin.token), 200, 'policy').body).toEqual({
        dataPolicy: { redactPii: true, recordingRetentionDays: 365, transcriptRetentionDays: 365 },
      });
    });

    it('is for admins only: a plain member is refused both ways', async () => {
      expect((await policyOf(tenant.user.token)).status).toBe(403);
      const put = await putPolicy(tenant.user.token, {
        redactPii: false,
        recordingRetentionDays: null,
        transcriptRetentionDays: null,
      });
      expect(put.status).toBe(403);
      expect((await policyOf(tenant.admin.token)).body.dataPolicy.redactPii).toBe(true);
    });

    it('replaces the policy, null keeping forever, and the next read answers it', async () => {
      const policy = { redactPii: false, recordingRetentionDays: 30, transcriptRetentionDays: null };
      expect(await setPolicy(policy)).toEqual(policy);
      expect((await policyOf(tenant.admin.token)).body.dataPolicy).toEqual(policy);
      await setPolicy({ redactPii: true, recordingRetentionDays: 365, transcriptRetentionDays: 365 });
    });

    it('refuses out-of-range, fractional, textual, missing and unknown values with a 400 naming the field', async () => {
      const valid = { redactPii: true, recordingRetentionDays: 90, transcriptRetentionDays: 90 };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...valid, recordingRetentionDays: 0 }, 'recordingRetentionDays'],
        [{ ...valid, recordingRetentionDays: 3651 }, 'recordingRetentionDays'],
        [{ ...valid, transcriptRetentionDays: 1.5 }, 'transcriptRetentionDays'],
        [{ ...valid, transcriptRetentionDays: '30' }, 'transcriptRetentionDays'],
        [{ ...valid, redactPii: 'yes' }, 'redactPii'],
        [{ recordingRetentionDays: 90, transcriptRetentionDays: 90 }, 'redactPii'],
        [{ redactPii: true, transcriptRetentionDays: 90 }, 'recordingRetentionDays'],
      ];
      for (const [body, field] of cases) {
        const res = await putPolicy(tenant.admin.token, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(field);
      }
      expect((await putPolicy(tenant.admin.token, { ...valid, extra: 1 })).status).toBe(400);
      expect((await putPolicy(tenant.admin.token, [])).status).toBe(400);
      expect((await policyOf(tenant.admin.token)).body.dataPolicy.recordingRetentionDays).toBe(365);
    });
  });

  describe('redaction', () => {
    it('on: a recorded call stores no card number or e-mail, in its transcript, summary or cached conversation', async () => {
      await setPolicy({ redactPii: true, recordingRetentionDays: 365, transcriptRetentionDays: 365 });
      const callId = await simulateCall(SAID);
      const row = await storedCall(callId);
      const stored = JSON.stringify(row);
      expect(stored).not.toContain('4111');
      expect(stored).not.toContain(EMAIL);
      expect(stored).toContain('[card number]');
      expect(stored).toContain('[email]');
      expect(String(row.summary)).toContain('call me at 10:30');

      const detail = expectStatus(
        await app.request<CallDetailResponse>('GET', apiRoutes.calls.byId(callId), { token: tenant.admin.token }),
        200,
        'detail',
      ).body;
      const shown = JSON.stringify(detail.conversation);
      expect(shown).toContain('[card number]');
      expect(shown).not.toContain('4111');
    });

    it('on: a conversation fetched again from the provider is cached redacted', async () => {
      const callId = await simulateCall();
      await app.deps
        .db('calls')
        .where({ id: callId })
        .update({ conversation_data: null, conversation_cached_at: null });
      const real = app.deps.voice.getConversation.bind(app.deps.voice);
      vi.spyOn(app.deps.voice, 'getConversation').mockImplementation(async (id) => {
        const conversation = await real(id);
        return { ...conversation, transcript: [{ role: 'user', message: SAID, timeInCallSecs: 1 }] };
      });
      await app.request('GET', apiRoutes.calls.byId(callId), { token: tenant.admin.token });
      const stored = JSON.stringify(await storedCall(callId));
      expect(stored).toContain('[card number]');
      expect(stored).not.toContain(EMAIL);
    });

    it('off: the original is stored as said', async () => {
      await setPolicy({ redactPii: false, recordingRetentionDays: 365, transcriptRetentionDays: 365 });
      const callId = await simulateCall(SAID);
      const stored = JSON.stringify(await storedCall(callId));
      expect(stored).toContain(CARD);
      expect(stored).toContain(EMAIL);
      await setPolicy({ redactPii: true, recordingRetentionDays: 365, transcriptRetentionDays: 365 });
    });

    it('redacts the text of webhook data, keeping its ids and the number it is about, only while on', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const created = await app.request<WebhookSecretResponse>('POST', apiRoutes.webhookEndpoints.collection(), {
          token: tenant.admin.token,
          body: { url: `${receiver.url}/policy`, eventTypes: ['campaign.paused', 'contact.opted_out'] },
        });
        expectStatus(created, 201, 'endpoint');
        const pause = (reason: string) =>
          app.services.events.publish(tenant.id, {
            type: 'campaign.paused',
            data: { campaignId: 'camp-1', name: 'Spring recalls', reason },
          });
        await pause(`complaint from ${EMAIL}`);
        await app.services.webhooks.publish(tenant.id, 'contact.opted_out', {
          phoneNumber: '+64211234567',
          callId: null,
          contactId: null,
          campaignId: null,
          source: 'api',
        });
        await setPolicy({ redactPii: false, recordingRetentionDays: 365, transcriptRetentionDays: 365 });
        await pause(`second complaint from ${EMAIL}`);
        await setPolicy({ redactPii: true, recordingRetentionDays: 365, transcriptRetentionDays: 365 });

        const payloads = (await app.deps.db('webhook_messages').where({ tenant_id: tenant.id }))
          .map((row: { payload: string }) => JSON.parse(row.payload) as { data: Record<string, unknown> })
          .map((payload) => payload.data);
        // Events of the same millisecond may be stored in either order.
        expect(payloads).toHaveLength(3);
        expect(payloads).toEqual(
          expect.arrayContaining([
            { campaignId: 'camp-1', name: 'Spring recalls', reason: 'complaint from [email]' },
            { phoneNumber: '+64211234567', callId: null, contactId: null, campaignId: null, source: 'api' },
            { campaignId: 'camp-1', name: 'Spring recalls', reason: `second complaint from ${EMAIL}` },
          ]),
        );
        await eventually(async () => {
          const bodies = receiver.received.map((request) => request.body);
          expect(bodies.some((body) => body.includes('complaint from [email]'))).toBe(true);
          expect(bodies.filter((body) => body.includes(EMAIL))).toHaveLength(1);
        });
      } finally {
        await receiver.close();
      }
    });
  });

  describe('retention purge', () => {
    it('is a nightly job on the job engine', () => {
      const job = jobDefinitions(app.deps, app.services).find((one) => one.name === RETENTION_PURGE_JOB);
      expect(job?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    });

    it('on a fake clock, clears old transcripts, then deletes old recordings at the provider; figures stay', async () => {
      // A tenant of its own, so the figures compared are only these calls'.
      const own = await freshTenant(app);
      const saved = { tenant, agentId };
      tenant = own;
      try {
        const number = await buyNumber(app, own.admin.token);
        agentId = expectStatus(
          await createAgent(app, own.admin.token, { name: 'Bo', phoneNumberId: number.id }),
          201,
          'agent',
        ).body.agent.id;
        const calls = [await simulateCall(), await simulateCall()];
        const conversations = await app.deps.db('calls').whereIn('id', calls).pluck('conversation_id');
        await setPolicy({ redactPii: true, recordingRetentionDays: 60, transcriptRetentionDays: 30 });

        const figures = async () => {
          const token = (await signIn(app, own.admin.email, own.admin.password)).accessToken;
          const read = async (path: string) =>
            expectStatus(await app.request('GET', path, { token }), 200, path).body as unknown;
          return {
            dashboard: await read(apiRoutes.stats.dashboard()),
            usage: await read(apiRoutes.usage.current()),
            history: await read(apiRoutes.usage.history()),
            analytics: await read(`${apiRoutes.calls.analytics()}?period=90d`),
            agent: await read(apiRoutes.agents.stats(agentId)),
            list: await read(apiRoutes.calls.list()),
          };
        };

        // Within both periods nothing goes.
        clock.advance(10 * DAY_MS);
        expect(await app.services.retention.purge()).toMatchObject({ transcripts: 0, recordings: 0 });

        // Past 30 days: the transcripts go, the recordings stay.
        clock.advance(35 * DAY_MS);
        const before45 = await figures();
        const first = await app.services.retention.purge();
        expect(first.transcripts).toBe(2);
        expect(first.recordings).toBe(0);
        expect(await figures()).toEqual(before45);
        for (const id of calls) {
          const row = await storedCall(id);
          expect(row).toMatchObject({
            transcript: null,
            summary: null,
            conversation_data: null,
            recording_purged_at: null,
          });
          expect(row.transcript_purged_at).not.toBeNull();
        }
        const token = (await signIn(app, own.admin.email, own.admin.password)).accessToken;
        const spy = vi.spyOn(app.deps.voice, 'getConversation');
        const detail = await app.request<CallDetailResponse>('GET', apiRoutes.calls.byId(calls[0]!), { token });
        expect(detail.body.message).toBe(TRANSCRIPT_DELETED_MESSAGE);
        expect(detail.body.conversation).toBeNull();
        expect(spy).not.toHaveBeenCalled();
        vi.restoreAllMocks();
        for (const id of conversations) await expect(app.deps.voice.getConversation(id)).resolves.toBeTruthy();

        // Past 60 days: the recordings go, at the sandbox provider too; a second pass finds nothing left to do.
        clock.advance(20 * DAY_MS);
        const before65 = await figures();
        const second = await app.services.retention.purge();
        expect(second).toMatchObject({ transcripts: 0, recordings: 2 });
        expect(await figures()).toEqual(before65);
        for (const id of conversations) await expect(app.deps.voice.getConversation(id)).rejects.toThrow();
        for (const id of calls) expect((await storedCall(id)).recording_purged_at).not.toBeNull();
        const later = (await signIn(app, own.admin.email, own.admin.password)).accessToken;
        expect((await app.request('GET', apiRoutes.calls.recording(calls[1]!), { token: later })).status).toBe(404);
        expect(await app.services.retention.purge()).toMatchObject({ transcripts: 0, recordings: 0 });
      } finally {
        ({ tenant, agentId } = saved);
      }
    });

    it('keeps forever when the retention is null, and resumes a pass the provider cut short', async () => {
      const own = await freshTenant(app);
      const saved = { tenant, agentId };
      tenant = own;
      try {
        const number = await buyNumber(app, own.admin.token);
        agentId = expectStatus(
          await createAgent(app, own.admin.token, { name: 'Cy', phoneNumberId: number.id }),
          201,
          'agent',
        ).body.agent.id;
        const callId = await simulateCall();
        await setPolicy({ redactPii: true, recordingRetentionDays: null, transcriptRetentionDays: null });
        clock.advance(4000 * DAY_MS);
        own.admin.token = (await signIn(app, own.admin.email, own.admin.password)).accessToken;
        await app.services.retention.purge();
        expect(await storedCall(callId)).toMatchObject({ transcript_purged_at: null, recording_purged_at: null });

        await setPolicy({ redactPii: true, recordingRetentionDays: 1, transcriptRetentionDays: null });
        vi.spyOn(app.deps.voice, 'deleteConversation').mockRejectedValueOnce(new Error('voice service down'));
        await app.services.retention.purge();
        expect((await storedCall(callId)).recording_purged_at).toBeNull();
        vi.restoreAllMocks();
        await app.services.retention.purge();
        expect((await storedCall(callId)).recording_purged_at).not.toBeNull();
      } finally {
        ({ tenant, agentId } = saved);
      }
    });
  });
});
