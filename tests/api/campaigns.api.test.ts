import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@shared/api/campaigns.types';
import { apiRoutes } from '@shared/api/routes';
import { CAMPAIGN_MESSAGES } from '@shared/schemas/campaign.schema';
import {
  buyNumber,
  createAgent,
  OUTBOUND_DISCLOSURE,
  freshTenant,
  INBOUND_CAMPAIGN,
  outboundCampaign,
  uploadPdf,
  type FreshTenant,
} from './support/api-actions';
import { expectStatus } from './support/api-client';
import { DIAL_CAMPAIGN_JOB } from '../../server/src/modules/dialer/dial-campaign.job';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';

const { campaigns } = apiRoutes;

const INBOUND = INBOUND_CAMPAIGN;
const outbound = outboundCampaign;

describe.each(TEST_DATABASES)('campaigns API (%s)', (kind) => {
  const suite = useApiSuite(kind, {
    tenant: { outboundCallingEnabled: true, planTerms: { maxCampaigns: 3, maxAgents: 5 } },
  });
  let app: TestApp;
  let tenant: FreshTenant;
  let admin: string;
  let user: string;

  const create = (body: object, token = admin) => app.request('POST', campaigns.collection(), { token, body });
  const patch = (id: string, body: object, token = admin) => app.request('PATCH', campaigns.byId(id), { token, body });

  async function newAgent(name: string): Promise<string> {
    const res = await createAgent(app, admin, { name, disclosure: OUTBOUND_DISCLOSURE });
    return expectStatus(res, 201, 'agent').body.agent.id;
  }

  beforeAll(() => {
    ({ app, tenant } = suite);
    admin = tenant.admin.token;
    user = tenant.user.token;
  });

  it('creates an inbound campaign with the spec defaults, and lists and reads it for any member', async () => {
    const res = await create(INBOUND);
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('Campaign created');
    const campaign: Campaign = res.body.campaign;
    expect(campaign).toEqual({
      id: expect.any(String),
      ...INBOUND,
      knowledgeUrl: null,
      active: true,
      campaignType: 'inbound',
      purpose: 'informational',
      agentId: null,
      defaultCountry: 'NZ',
      callingHoursType: 'specific_hours',
      callingStartTime: '09:00',
      callingEndTime: '17:00',
      daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      maxCallsPerDay: 100,
      callIntervalMinutes: 5,
      machineHandling: { action: 'hang_up', message: null, screeningBot: 'human' },
      pausedReason: null,
      pausedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await app.request('GET', campaigns.collection(), { token: user });
    expect(list.status).toBe(200);
    expect(list.body.campaigns.map((c: Campaign) => c.id)).toContain(campaign.id);
    const one = await app.request('GET', campaigns.byId(campaign.id), { token: user });
    expect(one.body.campaign).toEqual(campaign);
    expect((await app.request('GET', campaigns.agents(campaign.id), { token: user })).body).toEqual({ agents: [] });
    expectStatus(await app.request('DELETE', campaigns.byId(campaign.id), { token: admin }), 200, 'cleanup');
  });

  it('creates an outbound campaign with its agent, days given as a JSON string', async () => {
    const agentId = await newAgent('Olive');
    const res = await create({ ...outbound(agentId), daysOfWeek: '["monday","wednesday"]' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.campaign).toMatchObject({ ...outbound(agentId), active: true });
    const agents = await app.request('GET', campaigns.agents(res.body.campaign.id), { token: user });
    expect(agents.body.agents.map((a: { id: string }) => a.id)).toEqual([agentId]);

    // One agent, one campaign.
    const again = await create(outbound(agentId));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('AGENT_SERVES_ANOTHER_CAMPAIGN');
    expect(again.body.message).toBe('This agent already serves another campaign.');
    expectStatus(await app.request('DELETE', campaigns.byId(res.body.campaign.id), { token: admin }), 200, 'cleanup');
  });

  it.each([
    [{ ...INBOUND, name: '' }, 'name', CAMPAIGN_MESSAGES.nameRequired],
    [{ ...INBOUND, timezone: undefined }, 'timezone', CAMPAIGN_MESSAGES.timezoneRequired],
    [{ ...INBOUND, callingStartTime: '9am' }, 'callingStartTime', CAMPAIGN_MESSAGES.timeFormat],
    [{ ...INBOUND, callingStartTime: '18:00' }, 'callingEndTime', CAMPAIGN_MESSAGES.endAfterStart],
    [{ ...INBOUND, daysOfWeek: ['someday'] }, 'daysOfWeek[0]', CAMPAIGN_MESSAGES.daysInvalid],
    [{ ...INBOUND, maxCallsPerDay: 1001 }, 'maxCallsPerDay', CAMPAIGN_MESSAGES.maxCallsPerDay],
    [{ ...INBOUND, callIntervalMinutes: 0 }, 'callIntervalMinutes', CAMPAIGN_MESSAGES.callInterval],
    [{ ...INBOUND, campaignType: 'outbound' }, 'agentId', CAMPAIGN_MESSAGES.agentRequired],
    [{ ...INBOUND, knowledgeUrl: 'http://169.254.169.254/latest' }, 'knowledgeUrl', expect.any(String)],
  ])('refuses bad input with 400 and the spec message (%#)', async (body, field, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toEqual(message);
  });

  it('takes one of the tenant PDFs as its knowledge source, and not a missing one', async () => {
    const pdf = await uploadPdf(app, admin);
    const res = await create({ ...INBOUND, knowledgeUrl: pdf.url });
    expect(res.status, res.text).toBe(201);
    expect(res.body.campaign.knowledgeUrl).toBe(pdf.url);
    const other = await freshTenant(app);
    const foreign = await uploadPdf(app, other.admin.token);
    const refused = await create({ ...INBOUND, knowledgeUrl: foreign.url });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.knowledgeUrl).toBe(CAMPAIGN_MESSAGES.knowledgeUrl);
    expectStatus(await app.request('DELETE', campaigns.byId(res.body.campaign.id), { token: admin }), 200, 'cleanup');
  });

  it('updates any field alone, unassigns the agent with null, and checks the window against stored times', async () => {
    const agentId = await newAgent('Pia');
    const { campaign } = expectStatus(await create(outbound(agentId)), 201, 'campaign').body;
    const renamed = await patch(campaign.id, { name: 'Recall 2' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.campaign).toMatchObject({ name: 'Recall 2', goal: campaign.goal, agentId });
    expect((await patch(campaign.id, { agentId: null })).body.campaign.agentId).toBeNull();
    expect((await patch(campaign.id, { daysOfWeek: '["friday"]' })).body.campaign.daysOfWeek).toEqual(['friday']);
    const late = await patch(campaign.id, { callingStartTime: '17:00' });
    expect(late.status).toBe(400);
    expect(late.body.fields.callingEndTime).toBe(CAMPAIGN_MESSAGES.endAfterStart);
    expect((await patch(campaign.id, { agentId: 'no-such-agent' })).status).toBe(400);
    expectStatus(await app.request('DELETE', campaigns.byId(campaign.id), { token: admin }), 200, 'cleanup');
  });

  it('pauses with a reason and resumes', async () => {
    const { campaign } = expectStatus(await create(INBOUND), 201, 'campaign').body;
    const paused = await app.request('POST', campaigns.pause(campaign.id), {
      token: admin,
      body: { reason: 'Holidays' },
    });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.campaign).toMatchObject({ pausedReason: 'Holidays', pausedAt: expect.any(String) });
    const resumed = await app.request('POST', campaigns.resume(campaign.id), { token: admin });
    expect(resumed.body.campaign).toMatchObject({ pausedReason: null, pausedAt: null });
    expectStatus(await app.request('DELETE', campaigns.byId(campaign.id), { token: admin }), 200, 'cleanup');
  });

  it('hands an outbound campaign to the dialer as soon as it runs, and not while it is paused or inbound', async () => {
    const send = vi.spyOn(app.deps.jobs, 'send');
    try {
      const dialJobs = () => send.mock.calls.filter(([name]) => name === DIAL_CAMPAIGN_JOB);
      const { campaign } = expectStatus(await create(outbound(await newAgent('Tui'))), 201, 'campaign').body;
      expect(dialJobs()).toEqual([]);
      expectStatus(await app.request('POST', campaigns.resume(campaign.id), { token: admin }), 200, 'resume');
      expect(dialJobs()).toEqual([
        [DIAL_CAMPAIGN_JOB, { tenantId: suite.tenant.id, campaignId: campaign.id }, expect.any(Object)],
      ]);
      expectStatus(await app.request('POST', campaigns.pause(campaign.id), { token: admin }), 200, 'pause');
      expectStatus(await patch(campaign.id, { active: true }), 200, 'still paused');
      const inbound = expectStatus(await create(INBOUND), 201, 'inbound').body.campaign;
      expectStatus(await app.request('POST', campaigns.resume(inbound.id), { token: admin }), 200, 'inbound');
      expect(dialJobs()).toHaveLength(1);
      for (const id of [campaign.id, inbound.id]) {
        expectStatus(await app.request('DELETE', campaigns.byId(id), { token: admin }), 200, 'cleanup');
      }
    } finally {
      send.mockRestore();
    }
  });

  it("holds to the plan's campaign limit, counting active campaigns only", async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push(expectStatus(await create(INBOUND), 201, 'campaign').body.campaign.id);
    const fourth = await create(INBOUND);
    expect(fourth.status).toBe(403);
    expect(fourth.body.code).toBe('PLAN_LIMIT_REACHED');
    expect(fourth.body.message).toBe(
      'Your plan allows up to 3 active campaigns. Deactivate a campaign or upgrade your plan to add more.',
    );
    // A deactivated campaign frees its slot, and reactivating it needs one again.
    expectStatus(await patch(made[0]!, { active: false }), 200, 'deactivate');
    const replacement = expectStatus(await create(INBOUND), 201, 'replacement').body.campaign.id;
    expect((await patch(made[0]!, { active: true })).status).toBe(403);
    for (const id of [...made, replacement]) {
      expectStatus(await app.request('DELETE', campaigns.byId(id), { token: admin }), 200, 'cleanup');
    }
  });

  it('deletes a campaign without history and only deactivates one with it', async () => {
    const { campaign: empty } = expectStatus(await create(INBOUND), 201, 'campaign').body;
    const gone = await app.request('DELETE', campaigns.byId(empty.id), { token: admin });
    expect(gone.body).toEqual({ deleted: true, message: 'Campaign deleted.' });
    expect((await app.request('GET', campaigns.byId(empty.id), { token: admin })).status).toBe(404);

    const agentId = await newAgent('Quinn');
    const { campaign } = expectStatus(await create(outbound(agentId)), 201, 'campaign').body;
    const contact = await app.request('POST', apiRoutes.contacts.collection(campaign.id), {
      token: admin,
      body: { phoneNumber: '+64211234567' },
    });
    expectStatus(contact, 201, 'contact');
    // The dialer's attempt leaves history behind.
    await app.deps.db('outbound_contacts').where({ id: contact.body.contact.id }).update({ attempts_made: 1 });
    const kept = await app.request('DELETE', campaigns.byId(campaign.id), { token: admin });
    expect(kept.body.deleted).toBe(false);
    expect((await app.request('GET', campaigns.byId(campaign.id), { token: admin })).body.campaign.active).toBe(false);
  });

  it('leaves writes to admins and reads to members, and hides other tenants', async () => {
    const { campaign } = expectStatus(await create(INBOUND), 201, 'campaign').body;
    expect((await create(INBOUND, user)).status).toBe(403);
    expect((await patch(campaign.id, { name: 'x y' }, user)).status).toBe(403);
    expect((await app.request('DELETE', campaigns.byId(campaign.id), { token: user })).status).toBe(403);
    expect((await app.request('POST', campaigns.pause(campaign.id), { token: user })).status).toBe(403);
    const other = await freshTenant(app);
    for (const [method, path] of [
      ['GET', campaigns.byId(campaign.id)],
      ['PATCH', campaigns.byId(campaign.id)],
      ['DELETE', campaigns.byId(campaign.id)],
      ['GET', campaigns.agents(campaign.id)],
      ['POST', campaigns.resume(campaign.id)],
    ] as const) {
      const res = await app.request(method, path, {
        token: other.admin.token,
        body: method === 'PATCH' ? {} : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await app.request('GET', campaigns.collection(), { token: other.admin.token })).body.campaigns).toEqual([]);
    expectStatus(await app.request('DELETE', campaigns.byId(campaign.id), { token: admin }), 200, 'cleanup');
  });

  it('needs the agent to be the tenant own', async () => {
    const other = await freshTenant(app, { outboundCallingEnabled: true });
    const agentId = await newAgent('Rua');
    const res = await app.request('POST', campaigns.collection(), {
      token: other.admin.token,
      body: outbound(agentId),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.agentId).toBe('The agent could not be found.');
  });

  it('refuses an outbound campaign, or its start, with an agent that has no disclosure line', async () => {
    // A tenant of its own: this suite's tenant is at its plan's agent limit.
    const own = await freshTenant(app, { outboundCallingEnabled: true });
    const token = own.admin.token;
    const create = (body: object) => app.request('POST', campaigns.collection(), { token, body });
    const bare = expectStatus(await createAgent(app, token, { name: 'Tui' }), 201, 'agent').body.agent;
    expect(bare.disclosure).toBeNull();
    const refused = await create(outbound(bare.id));
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.fields.agentId).toMatch(/no disclosure line/);

    // Given one, the campaign is created; cleared again behind its back, the campaign cannot start.
    const given = await app.request('PATCH', apiRoutes.agents.byId(bare.id), {
      token,
      body: { disclosure: OUTBOUND_DISCLOSURE },
    });
    expect(given.status, given.text).toBe(200);
    expect(given.body.agent.disclosure).toBe(OUTBOUND_DISCLOSURE);
    const { campaign } = expectStatus(await create(outbound(bare.id)), 201, 'campaign').body;

    // While it serves the outbound campaign, the agent cannot drop its disclosure line.
    for (const disclosure of [null, '', '   ']) {
      const cleared = await app.request('PATCH', apiRoutes.agents.byId(bare.id), { token, body: { disclosure } });
      expect(cleared.status, cleared.text).toBe(400);
      expect(cleared.body.fields.disclosure).toMatch(/outbound campaign/);
    }
    const reworded = await app.request('PATCH', apiRoutes.agents.byId(bare.id), {
      token,
      body: { disclosure: `${OUTBOUND_DISCLOSURE} Calls may be recorded.` },
    });
    expect(reworded.status, reworded.text).toBe(200);
    const agentRow = await app.deps.db('agents').where({ id: bare.id }).first('disclosure');
    expect(agentRow.disclosure).toBe(`${OUTBOUND_DISCLOSURE} Calls may be recorded.`);

    await app.deps.db('agents').where({ id: bare.id }).update({ disclosure: null });
    const start = await app.request('POST', apiRoutes.campaigns.resume(campaign.id), { token });
    expect(start.status, start.text).toBe(400);
    expect(start.body.fields.agentId).toMatch(/no disclosure line/);
  });
});

describe.each(TEST_DATABASES)('outbound gating (%s)', (kind) => {
  const suite = useApiSuite(kind, { tenant: { outboundCallingEnabled: false } });

  it('refuses outbound campaigns on the server for a tenant without outbound calling', async () => {
    const { app, tenant } = suite;
    const token = tenant.admin.token;
    await buyNumber(app, token);
    const agentId = expectStatus(await createAgent(app, token, { disclosure: OUTBOUND_DISCLOSURE }), 201, 'agent').body
      .agent.id;
    const refused = await app.request('POST', campaigns.collection(), { token, body: outbound(agentId) });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('OUTBOUND_NOT_ENABLED');
    expect(refused.body.message).toBe(
      'Outbound calling is not enabled for your account: your plan includes inbound calls only.',
    );
    const inbound = expectStatus(
      await app.request('POST', campaigns.collection(), { token, body: INBOUND }),
      201,
      'inbound',
    ).body.campaign;
    const turned = await app.request('PATCH', campaigns.byId(inbound.id), {
      token,
      body: { campaignType: 'outbound', agentId },
    });
    expect(turned.status).toBe(403);
    expect(turned.body.code).toBe('OUTBOUND_NOT_ENABLED');
  });
});
