import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { RESERVED_TEST_NUMBERS } from '../../server/src/sandbox/call-script';
import { buyNumber, createAgent, OUTBOUND_DISCLOSURE, outboundCampaign } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * The dialer against the sandbox's reserved test numbers, through the real adapters: a destination the carrier
 * refuses is settled as an invalid number at once and never dialled again; a number that never answers is retried
 * after the contact's delay up to its limit, then settled as failed.
 */

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Wednesday 25 November 2026, 11:00 in Auckland: inside the campaign's window and New Zealand's legal hours. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');
/** A New Zealand mobile number ending in the sandbox's reserved invalid-destination suffix. */
const INVALID_DESTINATION = `+64210${RESERVED_TEST_NUMBERS.invalidDestinationSuffix}`;
/** The last digit 8: no answer on every call. */
const NEVER_ANSWERS = '+6421000408';
const RETRY_DELAY_MINUTES = 30;
const MAX_RETRIES = 2;

describe.each(TEST_DATABASES)('dialer on the sandbox’s reserved numbers (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let app: TestApp;
  let admin: string;
  let tenantId: string;
  let campaignId: string;

  /** The business clock moves by days here, past any access token's life: sign in again for each request. */
  const adminToken = async () => (await app.login(suite.tenant.admin.email, suite.tenant.admin.password)).accessToken;
  const contactRow = (id: string) => app.deps.db('outbound_contacts').where({ id }).first();
  const attemptsOf = async (contactId: string) => {
    const res = await app.request('GET', apiRoutes.dialer.attempts(contactId), { token: await adminToken() });
    return expectStatus(res, 200, 'attempts').body.attempts as Array<Record<string, unknown>>;
  };
  const dial = async () => {
    const services = app.built.services;
    return services.dialer.dialCampaign(await services.campaigns.dialingSettings(tenantId, campaignId));
  };
  /** Every contact of the campaign is waiting or done: no call is still under way. */
  const settled = () =>
    eventually(async () => {
      const busy = await app.deps.db('outbound_contacts').where({ campaign_id: campaignId, status: 'in_progress' });
      expect(busy).toEqual([]);
    });

  async function addContact(phoneNumber: string) {
    const res = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
      token: await adminToken(),
      body: { phoneNumber, maxRetries: MAX_RETRIES, retryDelayMinutes: RETRY_DELAY_MINUTES },
    });
    return expectStatus(res, 201, 'contact').body.contact.id as string;
  }

  beforeAll(async () => {
    app = suite.app;
    admin = suite.tenant.admin.token;
    tenantId = suite.tenant.id;
    await app.deps.db('tenants').where({ id: tenantId }).update({ outbound_calling_enabled: true });
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
    campaignId = expectStatus(created, 201, 'campaign').body.campaign.id;
    expectStatus(await app.request('POST', apiRoutes.campaigns.resume(campaignId), { token: admin }), 200, 'start');
  });

  it('settles an invalid destination as failed at once and never dials it again', async () => {
    const contactId = await addContact(INVALID_DESTINATION);
    await dial();
    await settled();
    expect(await contactRow(contactId)).toMatchObject({ status: 'failed', attempts_made: 1 });
    const [attempt, ...others] = await attemptsOf(contactId);
    expect(others).toEqual([]);
    expect(attempt).toMatchObject({ outcome: 'failed', conversationId: null });
    const row = await app.deps.db('call_attempts').where({ contact_id: contactId }).first();
    expect(row.failure_reason).toContain("Invalid 'To' Phone Number");

    // Days later, with every retry delay long past, the number is still not called.
    for (let day = 0; day < 3; day += 1) {
      clock.advance(24 * 3600_000);
      await dial();
    }
    expect(await attemptsOf(contactId)).toHaveLength(1);
  });

  it('retries a number that never answers after the contact’s delay, up to its limit, then settles it', async () => {
    const contactId = await addContact(NEVER_ANSWERS);
    for (let attempt = 1; attempt <= MAX_RETRIES + 1; attempt += 1) {
      expect((await dial()).placed, `attempt ${attempt}`).toBe(1);
      await settled();
      const attempts = await attemptsOf(contactId);
      expect(attempts).toHaveLength(attempt);
      expect(attempts.every((entry) => entry.outcome === 'no_answer')).toBe(true);
      const contact = await contactRow(contactId);
      if (attempt <= MAX_RETRIES) {
        expect(contact.status).toBe('pending');
        // Not before the contact's delay: a pass now places nothing.
        const waitMs = new Date(contact.next_attempt_at).getTime() - clock.now().getTime();
        expect(waitMs).toBeGreaterThanOrEqual(RETRY_DELAY_MINUTES * 60_000);
        expect((await dial()).placed).toBe(0);
        clock.advance(waitMs);
      }
    }
    expect(await contactRow(contactId)).toMatchObject({ status: 'failed', attempts_made: MAX_RETRIES + 1 });
    clock.advance(RETRY_DELAY_MINUTES * 60_000);
    expect((await dial()).placed).toBe(0);
    expect(await attemptsOf(contactId)).toHaveLength(MAX_RETRIES + 1);
  });
});
