import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_OUTCOMES } from '@shared/domain/call-outcomes';
import { DateTime } from 'luxon';
import { apiRoutes } from '@shared/api/routes';
import { campaignDays } from '@shared/domain/campaign-days';
import { CAMPAIGN_MESSAGES } from '@shared/schemas/campaign.schema';
import {
  buyNumber,
  createAgent,
  OUTBOUND_DISCLOSURE,
  freshTenant,
  INBOUND_CAMPAIGN,
  outboundCampaign,
} from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/** Wednesday 25 November 2026, 11:00 in Auckland (NZDT), which is still Tuesday the 24th in UTC. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * A campaign's Analytics tab through the API: a campaign made and started through its routes, contacts added through
 * theirs, calls placed by the dialer and ended by the sandbox's webhooks, then counted per day of the campaign's zone.
 */
describe.each(TEST_DATABASES)('campaign analytics (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, {
    clock,
    // The dialer's own jobs stay off: the tests place each call themselves, one pass at a time.
    config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF },
    tenant: { outboundCallingEnabled: true, planTerms: { maxCampaigns: 3, maxAgents: 5 } },
  });
  let app: TestApp;
  let admin: string;
  let user: string;
  let campaignId: string;

  const analytics = (id: string, query = '', token = user) =>
    app.request('GET', `${apiRoutes.dialer.analytics(id)}${query}`, { token });

  /** An outbound campaign on an agent of its own, created through the routes (and so not started yet). */
  async function createOutboundCampaign(): Promise<string> {
    const number = await buyNumber(app, admin);
    const agent = expectStatus(
      await createAgent(app, admin, { phoneNumberId: number.id, disclosure: OUTBOUND_DISCLOSURE }),
      201,
      'agent',
    ).body.agent;
    const created = await app.request('POST', apiRoutes.campaigns.collection(), {
      token: admin,
      body: {
        ...outboundCampaign(agent.id),
        callingStartTime: '09:00',
        callingEndTime: '17:00',
        daysOfWeek: EVERY_DAY,
        callIntervalMinutes: 1,
      },
    });
    return expectStatus(created, 201, 'campaign').body.campaign.id;
  }

  beforeAll(async () => {
    app = suite.app;
    admin = suite.tenant.admin.token;
    user = suite.tenant.user.token;
    campaignId = await createOutboundCampaign();
  });

  it('starts an outbound campaign not calling until it is resumed', async () => {
    const startedId = await createOutboundCampaign();
    const campaign = (await app.request('GET', apiRoutes.campaigns.byId(startedId), { token: user })).body.campaign;
    expect(campaign).toMatchObject({ active: true, pausedReason: CAMPAIGN_MESSAGES.notStarted });
    expect((await app.built.services.campaigns.listActiveOutbound()).map((listed) => listed.id)).not.toContain(
      startedId,
    );
    const resumed = await app.request('POST', apiRoutes.campaigns.resume(startedId), { token: admin });
    expect(resumed.body.campaign).toMatchObject({ pausedReason: null, pausedAt: null });
    expect((await app.built.services.campaigns.listActiveOutbound()).map((listed) => listed.id)).toContain(startedId);
  });

  it('counts the calls of each day of the campaign’s time zone by outcome, with answer rate, length and cost', async () => {
    expectStatus(await app.request('POST', apiRoutes.campaigns.resume(campaignId), { token: admin }), 200, 'start');
    // Last digits pick the sandbox's outcome: 0 and 1 answered, 7 busy, 6 voicemail.
    const numbers = ['+6421000210', '+6421000217', '+6421000216', '+6421000211'];
    for (const phoneNumber of numbers) {
      const added = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
        token: admin,
        body: { phoneNumber },
      });
      expectStatus(added, 201, 'contact');
    }
    const { dialer, campaigns } = app.built.services;
    for (const _ of numbers) {
      expect(await dialer.dialCampaign(await campaigns.dialingSettings(suite.tenant.id, campaignId))).toEqual({
        placed: 1,
        idle: null,
      });
      clock.advance(60_000);
    }
    const attempts = await eventually(async () => {
      expect(await app.deps.db('calls').where({ campaign_id: campaignId })).toHaveLength(numbers.length);
      const settled = await app.deps.db('call_attempts').where({ campaign_id: campaignId }).whereNotNull('outcome');
      expect(settled).toHaveLength(numbers.length);
      return settled;
    });
    const answeredSeconds = attempts
      .filter((attempt) => attempt.outcome === 'answered')
      .reduce((sum, attempt) => sum + Number(attempt.duration_sec), 0);
    const recorded = (await app.deps.db('calls').where({ campaign_id: campaignId })) as Array<{
      started_at: unknown;
      cost_cents: number | string;
    }>;
    // Cost is counted by when the provider says each call started (the sandbox's own clock, not the test's).
    const costOfPeriod = (from: string, to: string) => {
      const { days, endsAt } = campaignDays(from, to, 'Pacific/Auckland');
      return recorded
        .filter((call) => {
          const at = new Date(call.started_at as string).toISOString();
          return at >= (days[0]?.startsAt ?? endsAt) && at < endsAt;
        })
        .reduce((sum, call) => sum + Number(call.cost_cents), 0);
    };
    const callDay = DateTime.fromJSDate(new Date(recorded[0]?.started_at as string), {
      zone: 'Pacific/Auckland',
    }).toISODate() as string;
    const ofCallDay = await analytics(campaignId, `?from=${callDay}&to=${callDay}`);
    const cost = recorded.reduce((sum, call) => sum + Number(call.cost_cents), 0);
    expect(cost).toBeGreaterThan(0);
    expect(ofCallDay.body.costCents).toBe(costOfPeriod(callDay, callDay));

    const res = await analytics(campaignId, '?from=2026-11-24&to=2026-11-26');
    expect(res.status, res.text).toBe(200);
    const noCalls = Object.fromEntries(CALL_OUTCOMES.map((outcome) => [outcome, 0]));
    expect(res.body).toEqual({
      from: '2026-11-24',
      to: '2026-11-26',
      timezone: 'Pacific/Auckland',
      days: [
        { date: '2026-11-24', outcomes: noCalls },
        { date: '2026-11-25', outcomes: { ...noCalls, answered: 2, busy: 1, voicemail: 1 } },
        { date: '2026-11-26', outcomes: noCalls },
      ],
      calls: 4,
      answered: 2,
      answerRate: 0.5,
      averageDurationSec: Math.round(answeredSeconds / 2),
      transferred: 0,
      transferMissed: 0,
      callbacksDue: 0,
      machineVerdicts: 0,
      voicemailLeft: 0,
      machineRate: 0,
      verdictsMarkedWrong: 0,
      wrongVerdictShare: null,
      costCents: costOfPeriod('2026-11-24', '2026-11-26'),
      currency: 'nzd',
    });

    const lastThirtyDays = await analytics(campaignId);
    expect(lastThirtyDays.body).toMatchObject({ from: '2026-10-27', to: '2026-11-25', calls: 4 });
    expect(lastThirtyDays.body.days).toHaveLength(30);
    const before = await analytics(campaignId, '?from=2026-11-01&to=2026-11-24');
    expect(before.body).toMatchObject({
      calls: 0,
      answerRate: null,
      averageDurationSec: null,
      costCents: costOfPeriod('2026-11-01', '2026-11-24'),
    });
  });

  it('refuses a bad period, another tenant’s campaign and an inbound one', async () => {
    const refusals: Array<[string, string]> = [
      ['?from=2026-11-25&to=2026-11-01', 'From must be on or before To'],
      ['?from=2026-02-30&to=2026-03-01', 'From must be a date written YYYY-MM-DD'],
      ['?from=2026-11-25', 'Give both From and To, or neither'],
      ['?from=2024-01-01&to=2026-01-01', 'The period can be at most 366 days'],
      ['?days=7', 'Unknown field: days'],
    ];
    for (const [query, message] of refusals) {
      const res = await analytics(campaignId, query);
      expect(res.status, query).toBe(400);
      expect(res.text, query).toContain(message);
    }
    const other = await freshTenant(app, { outboundCallingEnabled: true });
    expect((await analytics(campaignId, '', other.admin.token)).status).toBe(404);
    const inbound = await app.request('POST', apiRoutes.campaigns.collection(), {
      token: admin,
      body: INBOUND_CAMPAIGN,
    });
    const inboundId = expectStatus(inbound, 201, 'inbound campaign').body.campaign.id;
    expect(inbound.body.campaign.pausedReason).toBeNull();
    const refused = await analytics(inboundId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CAMPAIGN_NOT_OUTBOUND');
    expect(refused.body.message).toBe('This campaign is not configured for outbound calling.');
  });
});
