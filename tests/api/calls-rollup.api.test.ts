import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallsAnalyticsResponse } from '@shared/api/calls.types';
import { apiRoutes } from '@shared/api/routes';
import type { CallsPeriod } from '@shared/schemas/calls.schema';
import { PERIOD_DAYS } from '@shared/schemas/calls.schema';
import type { CallOutcome, VoiceConversation } from '../../server/src/providers/voice/voice.types';
import { assertProperty } from '../support/property-runs';
import { createAgent } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';
import * as tenantCallRollups from '../../server/src/db/migrations/0014_tenant-call-rollups';

const DAY_MS = 24 * 3600 * 1000;
const OUTCOMES: CallOutcome[] = ['answered', 'voicemail', 'busy', 'no_answer', 'failed'];
const PERIODS: CallsPeriod[] = ['7d', '30d', '90d'];

const randomCall = fc.record({
  agent: fc.nat({ max: 2 }),
  /** Days before today; some fall outside every period. */
  daysAgo: fc.nat({ max: 120 }),
  secondOfDay: fc.nat({ max: 86_399 }),
  durationSec: fc.nat({ max: 3_600 }),
  vendorMicros: fc.nat({ max: 5_000_000 }),
  outcome: fc.constantFrom(...OUTCOMES),
  successful: fc.constantFrom('success', 'failure', 'unknown', null),
  /** Delivered again (a repeated webhook or a sync after it): the rollups must count it once. */
  deliveredTwice: fc.boolean(),
});

/**
 * The dashboard's calls panel reads the tenant and agent daily rollups; after any calls, every answer must equal a
 * plain aggregate over the tenant's raw call rows.
 */
describe.each(TEST_DATABASES)('calls analytics: rollups equal the raw calls (%s)', (kind) => {
  const suite = useApiSuite(kind);
  let app: TestApp;
  const agents: Array<{ id: string; providerId: string }> = [];
  let conversations = 0;

  beforeAll(async () => {
    app = suite.app;
    for (const name of ['Ava', 'Ben', 'Cai']) {
      const agentId = expectStatus(await createAgent(app, suite.tenant.admin.token, { name }), 201, 'agent').body.agent
        .id;
      const row = await app.deps.db('agents').where({ id: agentId }).first('elevenlabs_agent_id');
      agents.push({ id: agentId, providerId: String(row.elevenlabs_agent_id) });
    }
  });

  function conversationOf(call: CallInput, now: Date): VoiceConversation {
    conversations += 1;
    const day = new Date(now.getTime() - call.daysAgo * DAY_MS).toISOString().slice(0, 10);
    return {
      conversationId: `conv_rollup_${kind}_${conversations}`,
      agentId: agents[call.agent]!.providerId,
      status: 'done',
      startedAt: new Date(Date.parse(`${day}T00:00:00.000Z`) + call.secondOfDay * 1000).toISOString(),
      durationSec: call.durationSec,
      vendorCost: { currency: 'usd', amountMicros: call.vendorMicros },
      direction: 'inbound',
      agentPhoneNumber: null,
      customerPhoneNumber: '+6421555000',
      outcome: call.outcome,
      transcript: [],
      analysis: call.successful ? { transcriptSummary: 'A call.', callSuccessful: call.successful } : null,
      recordingUrl: null,
      hasRecording: false,
    };
  }

  /** The panel's answer computed the plain way: the tenant's (or agent's) call rows of the period, aggregated. */
  async function fromRawCalls(period: CallsPeriod, agentId?: string) {
    const now = app.deps.clock.now();
    const from = new Date(now.getTime() - (PERIOD_DAYS[period] - 1) * DAY_MS).toISOString().slice(0, 10);
    const rows: Array<Record<string, unknown>> = await app.deps
      .db('calls')
      .where({ tenant_id: suite.tenant.id, ...(agentId ? { agent_id: agentId } : {}) })
      .select('started_at', 'duration_sec', 'cost_cents', 'status', 'call_successful');
    const inPeriod = rows
      .map((row) => ({
        day: new Date(row.started_at as string | Date).toISOString().slice(0, 10),
        durationSec: Number(row.duration_sec),
        costCents: Number(row.cost_cents),
        outcome: String(row.status),
        successful: row.call_successful === 'success',
      }))
      .filter((row) => row.day >= from);
    const calls = inPeriod.length;
    const successful = inPeriod.filter((row) => row.successful).length;
    const durationSec = inPeriod.reduce((sum, row) => sum + row.durationSec, 0);
    const costCents = inPeriod.reduce((sum, row) => sum + row.costCents, 0);
    const outcomes = new Map<string, number>();
    for (const row of inPeriod) outcomes.set(row.outcome, (outcomes.get(row.outcome) ?? 0) + 1);
    const perDay = new Map<string, number>();
    for (const row of inPeriod) perDay.set(row.day, (perDay.get(row.day) ?? 0) + 1);
    return {
      totals: {
        totalCalls: calls,
        successfulCalls: successful,
        averageDuration: calls ? Math.round(durationSec / calls) : 0,
        totalCostCents: costCents,
      },
      outcomes: [...outcomes].map(([outcome, count]) => ({ outcome, calls: count })).sort(byOutcome),
      perDay,
    };
  }

  /** The panel's answer for a period, the tenant's or one agent's. */
  async function analytics(period: CallsPeriod, agentId?: string): Promise<CallsAnalyticsResponse> {
    const query = `?period=${period}${agentId ? `&agentId=${agentId}` : ''}`;
    const res = await app.request<CallsAnalyticsResponse>('GET', `${apiRoutes.calls.analytics()}${query}`, {
      token: suite.tenant.user.token,
    });
    return expectStatus(res, 200, 'analytics').body;
  }

  /**
   * The answer for a period, held against the raw calls at a quiet moment: the calls sync job may record a call of
   * the provider's between the answer and the raw read, so the raw calls are read before and after, and the three are
   * taken again until nothing was recorded meanwhile.
   */
  async function expectAnswerMatchesRawCalls(period: CallsPeriod, agentId?: string) {
    for (let attempt = 1; ; attempt += 1) {
      const before = await fromRawCalls(period, agentId);
      const answered = await analytics(period, agentId);
      const after = await fromRawCalls(period, agentId);
      if (before.totals.totalCalls === after.totals.totalCalls || attempt === 5) {
        expect(answered.totals).toMatchObject(after.totals);
        expect([...answered.outcomes].sort(byOutcome)).toEqual(after.outcomes);
        const series = answered.series.filter((point) => point.calls > 0);
        expect(new Map(series.map((point) => [point.day, point.calls]))).toEqual(after.perDay);
        return after;
      }
    }
  }

  it('answers every period, for the tenant and for each agent, as an aggregate over raw call rows would', async () => {
    await assertProperty(
      fc.asyncProperty(fc.array(randomCall, { minLength: 1, maxLength: 12 }), async (calls) => {
        for (const call of calls) {
          const conversation = conversationOf(call, app.deps.clock.now());
          await app.built.services.calls.recordConversation(conversation);
          if (call.deliveredTwice) await app.built.services.calls.recordConversation(conversation);
        }
        for (const period of PERIODS) {
          for (const agentId of [undefined, ...agents.map((agent) => agent.id)]) {
            await expectAnswerMatchesRawCalls(period, agentId);
          }
        }
      }),
      { minRuns: 3, numRuns: 15, budgetMs: 10_000 },
    );
  });

  it('keeps a deleted agent’s calls in the tenant’s figures, as its call rows stay', async () => {
    const [, , leaving] = agents;
    const conversation = conversationOf(
      {
        agent: 2,
        daysAgo: 1,
        secondOfDay: 600,
        durationSec: 90,
        vendorMicros: 70_000,
        outcome: 'answered',
        successful: 'success',
        deliveredTwice: false,
      },
      app.deps.clock.now(),
    );
    expect(await app.built.services.calls.recordConversation(conversation)).toBe('recorded');
    // The first DELETE deactivates the agent; the second deletes it, and its per-agent rollup rows with it.
    const remove = () => app.request('DELETE', apiRoutes.agents.byId(leaving!.id), { token: suite.tenant.admin.token });
    expectStatus(await remove(), 200, 'deactivate');
    expect(expectStatus(await remove(), 200, 'delete').body.deleted).toBe(true);
    expect(await app.deps.db('agent_call_daily').where({ agent_id: leaving!.id }).first()).toBeUndefined();
    const expected = await expectAnswerMatchesRawCalls('7d');
    expect(expected.totals.totalCalls).toBeGreaterThan(0);
  });

  it('fills the tenant rollups from the calls already recorded when its migration runs', async () => {
    const matchesRawCalls = async () => {
      const expected = [];
      for (const period of PERIODS) expected.push(await expectAnswerMatchesRawCalls(period));
      return expected;
    };
    const before = await matchesRawCalls();
    expect(before[2]!.totals.totalCalls).toBeGreaterThan(0);
    await app.deps.db.transaction(async (trx) => {
      await tenantCallRollups.down(trx);
      await tenantCallRollups.up(trx);
    });
    await matchesRawCalls();
  });
});

type CallInput = typeof randomCall extends fc.Arbitrary<infer T> ? T : never;

function byOutcome(a: { outcome: string }, b: { outcome: string }) {
  return a.outcome.localeCompare(b.outcome);
}
