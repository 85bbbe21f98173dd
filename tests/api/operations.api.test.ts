import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { platformOperationsSchema, tenantOperationsSchema } from '@shared/schemas/operations.schema';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { FORECAST_REUSE_MS } from '../../server/src/modules/operations/operations.service';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { outboundScene } from './support/outbound-scene';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/** Wednesday 25 November 2026, 11:00 in Auckland (NZDT): inside the campaign's window and New Zealand's legal hours. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');

/** Live operations through HTTP: a tenant's admins see their lines, calls and campaigns; a platform admin everyone's. */
describe.each(TEST_DATABASES)('operations API (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let app: TestApp;
  let scene: Awaited<ReturnType<typeof outboundScene>>;
  let superadmin: string;

  beforeAll(async () => {
    app = suite.app;
    scene = await outboundScene(app, suite.tenant, clock);
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
  });

  const operations = async () => {
    const res = expectStatus(
      await app.request('GET', apiRoutes.operations.tenant(), { token: suite.tenant.admin.token }),
      200,
      'operations',
    );
    expect(() => tenantOperationsSchema.validateSync(res.body, { strict: true })).not.toThrow();
    return res.body;
  };
  const campaignOf = async (campaignId: string) =>
    (await operations()).campaigns.find((campaign: { campaignId: string }) => campaign.campaignId === campaignId);

  it('shows a running campaign’s queue and why it waits, as that changes', async () => {
    const campaignId = await scene.insertCampaign({ max_calls_per_day: 2, call_interval_minutes: 5 });
    for (const number of ['+6421000400', '+6421000401', '+6421000402']) await scene.insertContact(campaignId, number);
    expect(await campaignOf(campaignId)).toMatchObject({
      queueDepth: 3,
      dueNow: 3,
      nextDueAt: clock.now().toISOString(),
      callsToday: 0,
      maxCallsPerDay: 2,
      waitingFor: null,
      forecastFinish: expect.any(String),
    });

    expect((await scene.dial(campaignId)).placed).toBe(1);
    expect(await campaignOf(campaignId)).toMatchObject({ callsToday: 1, waitingFor: 'interval' });
    clock.advance(5 * 60_000);
    expect((await scene.dial(campaignId)).placed).toBe(1);
    clock.advance(5 * 60_000);
    expect(await campaignOf(campaignId)).toMatchObject({ callsToday: 2, waitingFor: 'cap' });

    const paused = await app.request('POST', apiRoutes.campaigns.pause(campaignId), {
      token: suite.tenant.admin.token,
      body: { reason: 'Checking the script' },
    });
    expect(paused.status, paused.text).toBe(200);
    expect(await campaignOf(campaignId)).toMatchObject({ waitingFor: 'paused', pausedReason: 'Checking the script' });
  });

  it('works a campaign’s forecast out again only when its queue or settings change, or a minute has passed', async () => {
    const campaignId = await scene.insertCampaign({ call_interval_minutes: 5 });
    const addContact = async (phoneNumber: string) =>
      expectStatus(
        await app.request('POST', apiRoutes.contacts.collection(campaignId), {
          token: suite.tenant.admin.token,
          body: { phoneNumber },
        }),
        201,
        'contact',
      );
    await addContact('+6421000410');
    const preview = vi.spyOn(app.built.services.dialerOverview, 'preview');
    const forecasts = () => preview.mock.calls.filter(([, id]) => id === campaignId).length;
    try {
      await campaignOf(campaignId);
      await campaignOf(campaignId);
      expect(forecasts()).toBe(1);
      await addContact('+6421000411');
      await campaignOf(campaignId);
      expect(forecasts()).toBe(2);
      clock.advance(FORECAST_REUSE_MS);
      await campaignOf(campaignId);
      expect(forecasts()).toBe(3);
    } finally {
      preview.mockRestore();
    }
  });

  it('counts the lines calls hold, and shows each call with its campaign and how long it has lasted', async () => {
    // The earlier test's calls end at the sandbox first.
    await eventually(async () => expect((await operations()).lines.inUse).toBe(0));
    const campaignId = await scene.insertCampaign();
    const contactId = await scene.insertContact(campaignId, '+6421000410', { status: 'in_progress' });
    const startedAt = new Date(clock.now().getTime() - 90_000).toISOString();
    const attemptId = randomUUID();
    await app.deps.db('call_attempts').insert({
      id: attemptId,
      tenant_id: suite.tenant.id,
      contact_id: contactId,
      campaign_id: campaignId,
      attempt_number: 1,
      status: 'answered',
      started_at: startedAt,
      created_at: startedAt,
    });
    // The line the call reserved before it was placed, as the dialer takes it.
    await app.deps
      .db('dialer_lines')
      .insert({ tenant_id: suite.tenant.id, line: 1, attempt_id: attemptId, taken_at: startedAt });
    try {
      const body = await operations();
      expect(body.lines).toEqual({ inUse: 1, limit: expect.any(Number), inboundReserve: expect.any(Number) });
      expect(body.callsPerSecond.setting).toBe(50);
      const name = (await app.deps.db('campaigns').where({ id: campaignId }).first()).name;
      expect(body.calls).toContainEqual({ attemptId, campaignId, campaignName: name, startedAt, durationSec: 90 });
    } finally {
      await app.deps.db('call_attempts').where({ id: attemptId }).update({ status: 'completed', outcome: 'answered' });
      await app.deps.db('dialer_lines').where({ attempt_id: attemptId }).delete();
    }
  });

  it('shows every tenant’s operations to a platform admin only, and a tenant’s own to its admins only', async () => {
    const res = await app.request('GET', apiRoutes.operations.platform(), { token: superadmin });
    expect(res.status, res.text).toBe(200);
    expect(() => platformOperationsSchema.validateSync(res.body, { strict: true })).not.toThrow();
    expect(res.body.tenants.map((tenant: { tenantId: string }) => tenant.tenantId)).toContain(suite.tenant.id);
    const forbidden = [
      app.request('GET', apiRoutes.operations.platform(), { token: suite.tenant.admin.token }),
      app.request('GET', apiRoutes.operations.tenant(), { token: suite.tenant.user.token }),
    ];
    for (const refused of await Promise.all(forbidden)) expect(refused.status).toBe(403);
  });
});
