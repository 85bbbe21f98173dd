import { beforeAll, describe, expect, it } from 'vitest';
import type { CallDetailResponse } from '@shared/api/calls.types';
import { apiRoutes } from '@shared/api/routes';
import { defaultDisclosure } from '@shared/schemas/agent.schema';
import { RESERVED_TEST_NUMBERS } from '../../server/src/sandbox/call-script';
import { buyNumber, createAgent, outboundCampaign } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * The AI disclosure check end to end: a campaign dials, through the real adapters, a person who hears the agent's
 * opening and one on the sandbox's reserved number who speaks first, so that the agent never says its opening line;
 * the analysis of each call flags only the second.
 */

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Wednesday 25 November 2026, 11:00 in Auckland: inside the campaign's window and New Zealand's legal hours. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');
const HEARS_OPENING = '+6421000100';
const OPENING_SKIPPED = `+64210${RESERVED_TEST_NUMBERS.openingSkippedSuffix}`;

describe.each(TEST_DATABASES)('AI disclosure of outbound calls (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let app: TestApp;
  let tenantId: string;
  let campaignId: string;

  const adminToken = async () => (await app.login(suite.tenant.admin.email, suite.tenant.admin.password)).accessToken;

  beforeAll(async () => {
    app = suite.app;
    tenantId = suite.tenant.id;
    const admin = suite.tenant.admin.token;
    await app.deps.db('tenants').where({ id: tenantId }).update({ outbound_calling_enabled: true });
    const number = await buyNumber(app, admin);
    // The disclosure line the agent form fills in: it names the tenant's business, as the check expects.
    const agent = expectStatus(
      await createAgent(app, admin, { phoneNumberId: number.id, disclosure: defaultDisclosure(suite.tenant.name) }),
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
    campaignId = expectStatus(created, 201, 'campaign').body.campaign.id;
    expectStatus(await app.request('POST', apiRoutes.campaigns.resume(campaignId), { token: admin }), 200, 'start');
  });

  /** The call to a number, once its analysis has checked the opening: its detail as the API shows it. */
  async function checkedCallTo(phoneNumber: string) {
    const row = await eventually(async () => {
      const call = await app.deps.db('calls').where({ campaign_id: campaignId, customer_phone_number: phoneNumber });
      expect(call).toHaveLength(1);
      expect(call[0].disclosure_missing).not.toBeNull();
      return call[0] as { id: string };
    });
    const detail = await app.request<CallDetailResponse>('GET', apiRoutes.calls.byId(row.id), {
      token: await adminToken(),
    });
    const body = expectStatus(detail, 200, 'call').body;
    return { flagged: body.call.disclosureMissing, transcript: body.conversation?.transcript ?? [] };
  }

  it('flags the call whose agent skipped its opening, and not the call that opened with the disclosure', async () => {
    const token = await adminToken();
    for (const phoneNumber of [HEARS_OPENING, OPENING_SKIPPED]) {
      const added = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
        token,
        body: { phoneNumber },
      });
      expectStatus(added, 201, 'contact');
    }
    const { dialer, campaigns } = app.built.services;
    // One call a pass (the campaign's interval is a minute), each settled before the clock moves on.
    for (let pass = 0; pass < 2; pass += 1) {
      const { placed } = await dialer.dialCampaign(await campaigns.dialingSettings(tenantId, campaignId));
      expect(placed, `pass ${pass}`).toBe(1);
      await eventually(async () => {
        const busy = await app.deps.db('outbound_contacts').where({ campaign_id: campaignId, status: 'in_progress' });
        expect(busy).toEqual([]);
      });
      clock.advance(61_000);
    }

    const heard = await checkedCallTo(HEARS_OPENING);
    expect(heard.flagged).toBe(false);
    expect(heard.transcript[0]?.role).toBe('agent');
    expect(heard.transcript[0]?.message).toContain('automated assistant');

    const skipped = await checkedCallTo(OPENING_SKIPPED);
    expect(skipped.flagged).toBe(true);
    expect(skipped.transcript[0]?.role).toBe('user');
    const agentWords = skipped.transcript.filter((turn) => turn.role === 'agent').map((turn) => turn.message);
    expect(agentWords.length).toBeGreaterThan(0);
    expect(agentWords.join(' ')).not.toContain('automated');
  });
});
