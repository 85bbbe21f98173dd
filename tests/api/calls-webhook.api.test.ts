import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import * as moneyCurrencies from '../../server/src/db/migrations/0017_money-currencies';
import type { VoiceConversation } from '../../server/src/providers/voice/voice.types';
import { elevenLabsSignatureHeader } from '../../server/src/sandbox/webhook.delivery';
import { buyNumber, createAgent, freshTenant, type FreshTenant } from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';
import { eventually } from './support/eventually';

const nowSecs = () => Math.floor(Date.now() / 1000);

describe.each(TEST_DATABASES)('voice provider webhook and call recording (%s)', (kind) => {
  // No included minutes and a rate of the tenant's own, so every recorded minute shows up as overage.
  const suite = useApiSuite(kind, {
    config: { currencyRates: { 'usd:nzd': 2.5 } },
    tenant: { planTerms: { minutesIncluded: 0 }, pricePerMinuteOverride: 25 },
  });
  let app: TestApp;
  let tenant: FreshTenant;
  let other: FreshTenant;
  let admin: string;
  let agent: { id: string; elevenlabsAgentId: string };
  let theirAgent: { id: string; elevenlabsAgentId: string };

  const secret = () => app.deps.sandbox!.elevenlabs.webhookSecret;
  const event = (conversationId: string, agentId: string, extra: object = {}) =>
    JSON.stringify({
      type: 'post_call_transcription',
      event_timestamp: nowSecs(),
      data: { conversation_id: conversationId, agent_id: agentId, ...extra },
    });
  const post = (body: string, signature?: string) =>
    app.request('POST', apiRoutes.webhooks.elevenlabs(), {
      headers: { 'content-type': 'application/json', ...(signature ? { 'elevenlabs-signature': signature } : {}) },
      raw: body,
    });
  const postSigned = (body: string, t = nowSecs()) => post(body, elevenLabsSignatureHeader(secret(), body, t));
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await app.deps.db(table).where(where).count({ n: '*' }).first())?.n);

  /**
   * Rings the agent's number in the sandbox while our endpoint refuses the sandbox's own deliveries (and its
   * retries), so the test alone decides which events arrive; bodies passed to `allow` still get through.
   */
  async function callWithoutWebhook(): Promise<{ conversationId: string; allow(body: string): void }> {
    const allowed = new Set<string>();
    const verify = app.deps.voice.verifyPostCallWebhook.bind(app.deps.voice);
    vi.spyOn(app.deps.voice, 'verifyPostCallWebhook').mockImplementation((raw, header) => {
      if (!allowed.has(raw.toString('utf8'))) throw new Error('endpoint down');
      return verify(raw, header);
    });
    const call = await app.request('POST', apiRoutes.agents.simulateCall(agent.id), { token: admin });
    expect(call.status, call.text).toBe(202);
    await eventually(async () => {
      expect((await app.deps.voice.getConversation(call.body.conversationId)).status).toBe('done');
    });
    return { conversationId: call.body.conversationId, allow: (body) => allowed.add(body) };
  }

  beforeAll(async () => {
    ({ app, tenant } = suite);
    admin = tenant.admin.token;
    other = await freshTenant(app, { plan: 'starter' });
    const number = await buyNumber(app, admin);
    const created = await createAgent(app, admin, {
      name: 'Wiremu',
      purpose: 'Take bookings for the clinic.',
      greeting: 'Kia ora, Demo Dental, Wiremu speaking.',
      closing: 'Thanks for calling, ka kite!',
      prompt: 'Offer the earliest appointment first.',
      phoneNumberId: number.id,
    });
    expect(created.status, created.text).toBe(201);
    agent = created.body.agent;
    const theirs = await createAgent(app, other.admin.token, {
      name: 'Other',
      purpose: 'Plumbing quotes.',
      greeting: 'Hello!',
      closing: 'Bye!',
    });
    theirAgent = theirs.body.agent;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('signature', () => {
    const body = () => event(`conv_${randomUUID()}`, agent.elevenlabsAgentId);

    it('answers 400 without a signature header', async () => {
      const res = await post(body());
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Missing ElevenLabs-Signature header.');
    });

    it.each([
      ['a malformed header', (b: string) => post(b, 'not-a-signature')],
      ['a stale timestamp', (b: string) => postSigned(b, nowSecs() - 31 * 60)],
      ['a timestamp from the future', (b: string) => postSigned(b, nowSecs() + 31 * 60)],
      [
        'a tampered body',
        (b: string) => post(b.replace('post_call', 'post_call '), elevenLabsSignatureHeader(secret(), b, nowSecs())),
      ],
      ['a wrong-length signature', (b: string) => post(b, `t=${nowSecs()},v0=abcd`)],
      ['a non-hex signature', (b: string) => post(b, `t=${nowSecs()},v0=${'zz'.repeat(32)}`)],
      ['an empty signature', (b: string) => post(b, `t=${nowSecs()},v0=`)],
      ['the wrong secret', (b: string) => post(b, elevenLabsSignatureHeader('wsec_wrong', b, nowSecs()))],
    ])('refuses %s with 401, never 500', async (_name, send) => {
      const before = await count('calls');
      const res = await send(body());
      expect(res.status).toBe(401);
      expect(res.body.code).toEqual(expect.any(String));
      expect(await count('calls')).toBe(before);
    });

    it('answers 400 to a signed body that is not a post-call event', async () => {
      expect((await postSigned(JSON.stringify({ type: 'something_else', data: {} }))).status).toBe(400);
    });

    it('ignores (200) a signed event for an agent that is not ours', async () => {
      const fetch = vi.spyOn(app.deps.voice, 'getConversation');
      const res = await postSigned(event(`conv_${randomUUID()}`, `agent_${randomUUID()}`));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, outcome: 'unknown-agent' });
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe('recording', () => {
    it('records the sandbox call from its own signed webhook, with rollup and usage in step', async () => {
      const call = await app.request('POST', apiRoutes.agents.simulateCall(agent.id), { token: admin });
      expect(call.status).toBe(202);
      const row = await eventually(async () => {
        const found = await app.deps.db('calls').where({ conversation_id: call.body.conversationId }).first();
        expect(found).toBeDefined();
        return found;
      });
      expect(row).toMatchObject({
        tenant_id: tenant.id,
        agent_id: agent.id,
        direction: 'inbound',
        status: 'answered',
        call_successful: 'success',
      });
      expect(Number(row.duration_sec)).toBeGreaterThan(0);
      // The vendor's US-dollar charge is kept as it came, and the tenant's NZD cents follow from the configured rate.
      expect(row.vendor_currency).toBe('usd');
      expect(row.cost_currency).toBe('nzd');
      expect(Number(row.vendor_cost_micros)).toBeGreaterThan(0);
      expect(Number(row.cost_cents)).toBe(Math.round((Number(row.vendor_cost_micros) * 2.5) / 10_000));
      const transcript = JSON.parse(row.transcript);
      expect(transcript[0]).toMatchObject({ role: 'agent', message: 'Kia ora, Demo Dental, Wiremu speaking.' });
      expect(transcript.at(-1).message).toContain('Thanks for calling, ka kite!');
      expect(row.summary).toEqual(expect.any(String));

      const day = await app.deps.db('agent_call_daily').where({ agent_id: agent.id }).first();
      expect(day).toMatchObject({ tenant_id: tenant.id, call_count: 1 });
      expect(Number(day.duration_sec)).toBe(Number(row.duration_sec));
      expect(Number(day.cost_cents)).toBe(Number(row.cost_cents));

      const minutes = Math.ceil(Number(row.duration_sec) / 60);
      const usage = await app.deps.db('usage').where({ tenant_id: tenant.id }).first();
      expect(usage).toMatchObject({
        month_yyyy_mm: new Date(row.started_at).toISOString().slice(0, 7),
        minutes_included: 0,
        calls_count: 1,
        cost_per_minute_applied: 25,
      });
      expect(Number(usage.seconds_used)).toBe(Number(row.duration_sec));
      expect(Number(usage.minutes_used)).toBe(minutes);
      expect(Number(usage.minutes_billable)).toBe(minutes);
      expect(Number(usage.billing_cost)).toBe(minutes * 25);

      const stats = await app.request('GET', apiRoutes.stats.dashboard(), { token: admin });
      expect(stats.body).toMatchObject({ totalCalls: 1, minutesUsed: minutes, activeAgents: 1, activePhoneNumbers: 1 });
    });

    it('counts a duplicated webhook once, even five at a time', async () => {
      const { conversationId, allow } = await callWithoutWebhook();
      const before = await app.deps.db('usage').where({ tenant_id: tenant.id }).first();
      const body = event(conversationId, agent.elevenlabsAgentId);
      allow(body);
      const results = await Promise.all(Array.from({ length: 5 }, () => postSigned(body)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      // One waiting job per conversation; a delivery after it started may queue another, which finds it done.
      expect(results.filter((r) => r.body.outcome === 'queued').length).toBeGreaterThanOrEqual(1);
      expect(results.every((r) => ['queued', 'duplicate'].includes(r.body.outcome))).toBe(true);
      await eventually(async () => expect(await count('calls', { conversation_id: conversationId })).toBe(1));
      // And again later, signed afresh, as a retrying sender would.
      const retry = event(conversationId, agent.elevenlabsAgentId, { retry: 1 });
      allow(retry);
      expect((await postSigned(retry)).body.outcome).toBe('duplicate');

      expect(await count('calls', { conversation_id: conversationId })).toBe(1);
      const after = await app.deps.db('usage').where({ tenant_id: tenant.id }).first();
      expect(Number(after.calls_count)).toBe(Number(before.calls_count) + 1);
      const row = await app.deps.db('calls').where({ conversation_id: conversationId }).first();
      expect(Number(after.minutes_used)).toBe(Number(before.minutes_used) + Math.ceil(Number(row.duration_sec) / 60));
      const stats = await app.request('GET', apiRoutes.agents.stats(agent.id), { token: admin });
      expect(stats.body.totalCalls).toBe(Number(after.calls_count));
    });

    it('takes the tenant from our agent row for the conversation, not from payload claims', async () => {
      const { conversationId, allow } = await callWithoutWebhook();
      // The payload names the other tenant's agent and carries a tenant claim; the conversation is our agent's.
      const body = event(conversationId, theirAgent.elevenlabsAgentId, { tenant_id: other.id });
      allow(body);
      const res = await postSigned(body);
      expect(res.body.outcome).toBe('queued');
      const row = await eventually(async () => {
        const found = await app.deps.db('calls').where({ conversation_id: conversationId }).first();
        expect(found).toBeDefined();
        return found;
      });
      expect(row).toMatchObject({ tenant_id: tenant.id, agent_id: agent.id });
      expect(await count('calls', { tenant_id: other.id })).toBe(0);
      const theirStats = await app.request('GET', apiRoutes.stats.dashboard(), { token: other.admin.token });
      expect(theirStats.body.totalCalls).toBe(0);
    });

    it('accepts the webhook at once and fetches the conversation again later while the provider cannot return it', async () => {
      const { conversationId, allow } = await callWithoutWebhook();
      const getConversation = vi.spyOn(app.deps.voice, 'getConversation');
      getConversation.mockRejectedValueOnce(new Error('upstream 503'));
      const body = event(conversationId, agent.elevenlabsAgentId);
      allow(body);
      const res = await postSigned(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, outcome: 'queued' });
      await eventually(async () => expect(await count('calls', { conversation_id: conversationId })).toBe(1), 30_000);
      expect(getConversation.mock.calls.filter(([id]) => id === conversationId).length).toBeGreaterThanOrEqual(2);
    });

    /** A finished conversation of a new agent of a tenant on a plan priced in `currency`, charged 0.42 USD. */
    async function conversationOfTenantIn(currency: 'usd' | 'aud') {
      const payer = await freshTenant(app, { planTerms: { currency } });
      const created = await createAgent(app, payer.admin.token, {
        name: 'Rua',
        purpose: 'Answer questions.',
        greeting: 'Hello!',
        closing: 'Bye!',
      });
      expect(created.status, created.text).toBe(201);
      const conversation: VoiceConversation = {
        conversationId: `conv_${randomUUID()}`,
        agentId: created.body.agent.elevenlabsAgentId,
        status: 'done',
        startedAt: new Date().toISOString(),
        durationSec: 30,
        vendorCost: { currency: 'usd', amountMicros: 420_000 },
        direction: 'inbound',
        agentPhoneNumber: null,
        customerPhoneNumber: '+6421555000',
        outcome: 'answered',
        transcript: [],
        analysis: null,
        recordingUrl: null,
        hasRecording: false,
      };
      return { payer, agentId: created.body.agent.id as string, conversation };
    }

    it('records a call of a tenant whose currency is the vendor’s as charged, without a rate', async () => {
      const { payer, agentId, conversation } = await conversationOfTenantIn('usd');
      expect(await app.built.services.calls.recordConversation(conversation)).toBe('recorded');
      const row = await app.deps.db('calls').where({ conversation_id: conversation.conversationId }).first();
      expect({ cents: Number(row.cost_cents), currency: row.cost_currency }).toEqual({ cents: 42, currency: 'usd' });
      const usage = await app.deps.db('usage').where({ tenant_id: payer.id }).first();
      expect(usage.currency).toBe('usd');
      const stats = await app.request('GET', apiRoutes.agents.stats(agentId), { token: payer.admin.token });
      expect(stats.body).toMatchObject({ totalCostCents: 42, averageCostCents: 42, currency: 'usd' });
      expect(stats.body.recentCalls[0]).toMatchObject({ costCents: 42, currency: 'usd' });
    });

    it('refuses to record a call in a currency without a configured rate, rather than guess one', async () => {
      const { payer, conversation } = await conversationOfTenantIn('aud');
      await expect(app.built.services.calls.recordConversation(conversation)).rejects.toThrow(
        'No rate is configured from USD to AUD',
      );
      expect(await count('calls', { tenant_id: payer.id })).toBe(0);
    });

    it('names the currency of amounts stored before, from each tenant’s plan, and may run again', async () => {
      const { payer, conversation } = await conversationOfTenantIn('usd');
      await app.built.services.calls.recordConversation(conversation);
      const currencies = async () => ({
        nzd: await app.deps.db('calls').where({ tenant_id: tenant.id }).distinct().pluck('cost_currency'),
        usd: await app.deps.db('calls').where({ tenant_id: payer.id }).distinct().pluck('cost_currency'),
        usage: await app.deps
          .db('usage')
          .whereIn('tenant_id', [tenant.id, payer.id])
          .orderBy('currency')
          .distinct()
          .pluck('currency'),
        numbers: await app.deps.db('phone_number_billing').where({ tenant_id: tenant.id }).distinct().pluck('currency'),
      });
      const expected = { nzd: ['nzd'], usd: ['usd'], usage: ['nzd', 'usd'], numbers: ['nzd'] };
      expect(await currencies()).toEqual(expected);
      await app.deps.db.transaction(async (trx) => {
        await moneyCurrencies.down(trx);
        await moneyCurrencies.up(trx);
        await moneyCurrencies.up(trx);
      });
      expect(await currencies()).toEqual(expected);
    });

    it('keeps counting the calls of a deleted agent in the dashboard total', async () => {
      const before = (await app.request('GET', apiRoutes.stats.dashboard(), { token: admin })).body;
      expect(before.totalCalls).toBeGreaterThan(0);
      await app.request('DELETE', apiRoutes.agents.byId(agent.id), { token: admin });
      const gone = await app.request('DELETE', apiRoutes.agents.byId(agent.id), { token: admin });
      expect(gone.body.deleted).toBe(true);
      const after = (await app.request('GET', apiRoutes.stats.dashboard(), { token: admin })).body;
      expect(after).toMatchObject({ totalCalls: before.totalCalls, minutesUsed: before.minutesUsed, activeAgents: 0 });
      expect(await count('calls', { tenant_id: tenant.id })).toBe(before.totalCalls);
    });
  });
});
