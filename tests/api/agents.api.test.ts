import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { AGENT_TEMPLATES, VOICES } from '../../server/src/db/seeds/catalogue';
import {
  AGENT,
  buyNumber as buyNumberAs,
  createAgent as createAgentAs,
  freshTenant,
  uploadPdf as uploadPdfAs,
  type FreshTenant,
} from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';
import { eventually } from './support/eventually';

describe.each(TEST_DATABASES)('agents API (%s)', (kind) => {
  // Room for the many agents these tests make; the plan-limit test makes a tenant with its own maximum.
  const suite = useApiSuite(kind, { tenant: { planTerms: { maxAgents: 100, maxPhoneNumbers: 100 } } });
  let app: TestApp;
  let tenant: FreshTenant;
  let admin: string;
  let user: string;
  let otherAdmin: string;
  let superadmin: string;
  let theirNumber: { id: string; phoneNumber: string };
  let theirAgentId: string;

  /** What the sandbox's ElevenLabs holds for one of its agents, read over its HTTP API as the vendor serves it. */
  async function providerAgent(agentId: string): Promise<{ status: number; body: any }> {
    const sandbox = app.deps.sandbox!;
    const response = await fetch(`${sandbox.elevenlabs.baseUrl}/v1/convai/agents/${agentId}`, {
      headers: { 'xi-api-key': sandbox.elevenlabs.apiKey },
    });
    return { status: response.status, body: await response.json() };
  }

  async function providerNumberAgent(elevenlabsPhoneNumberId: string): Promise<string | null> {
    const sandbox = app.deps.sandbox!;
    const response = await fetch(`${sandbox.elevenlabs.baseUrl}/v1/convai/phone-numbers/${elevenlabsPhoneNumberId}`, {
      headers: { 'xi-api-key': sandbox.elevenlabs.apiKey },
    });
    const body = (await response.json()) as { assigned_agent?: { agent_id: string } | null };
    return body.assigned_agent?.agent_id ?? null;
  }

  const buyNumber = (token = admin) => buyNumberAs(app, token);
  const createAgent = (fields: Record<string, unknown> = {}, token = admin) => createAgentAs(app, token, fields);
  const uploadPdf = (token = admin) => uploadPdfAs(app, token);

  beforeAll(async () => {
    ({ app, tenant } = suite);
    admin = tenant.admin.token;
    user = tenant.user.token;
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
    // Another tenant (starter plan: one agent, one number) gets its canary agent on its one number.
    otherAdmin = (await freshTenant(app, { plan: 'starter' })).admin.token;
    theirNumber = await buyNumber(otherAdmin);
    const canary = await createAgent({ name: 'Hidden canary', phoneNumberId: theirNumber.id }, otherAdmin);
    expect(canary.status, canary.text).toBe(201);
    theirAgentId = canary.body.agent.id;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('catalogue', () => {
    it('lists the voices with id, name and description only', async () => {
      const res = await app.request('GET', apiRoutes.voices.list(), { token: user });
      expect(res.status).toBe(200);
      expect(res.body.voices).toHaveLength(VOICES.length);
      for (const voice of res.body.voices) expect(Object.keys(voice).sort()).toEqual(['description', 'id', 'name']);
      expect(res.body.voices[0]).toEqual({
        id: VOICES[0]!.id,
        name: VOICES[0]!.name,
        description: VOICES[0]!.description,
      });
    });

    it('lists the six instruction templates, each a full example prompt', async () => {
      const res = await app.request('GET', apiRoutes.agentTemplates.list(), { token: user });
      expect(res.status).toBe(200);
      expect(res.body.templates.map((t: { name: string }) => t.name)).toEqual([
        'Customer Service Representative',
        'Receptionist',
        'Technical Support Specialist',
        'Sales Advisor',
        'Health and Wellness Advisor',
        'Recruitment Specialist',
      ]);
      for (const template of res.body.templates) {
        expect(template.promptStructure.split('\n\n').length).toBeGreaterThanOrEqual(4);
        expect(template.promptStructure.length).toBeGreaterThan(1200);
      }
      expect(res.body.templates).toHaveLength(AGENT_TEMPLATES.length);
    });

    it('needs a signed-in user', async () => {
      expect((await app.request('GET', apiRoutes.voices.list())).status).toBe(401);
      expect((await app.request('GET', apiRoutes.agentTemplates.list())).status).toBe(401);
    });
  });

  describe('create', () => {
    it('creates the agent at the provider with its prompt, greeting, voice and number', async () => {
      const number = await buyNumber();
      const template = AGENT_TEMPLATES[1]!;
      const res = await createAgent({
        voiceId: VOICES[1]!.id,
        phoneNumberId: number.id,
        prompt: template.promptStructure,
        templateId: template.id,
        knowledge: { url: 'https://www.example.com/faq' },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.message).toBe('AI Voice Agent Created!');
      expect(res.body.phoneNumber).toBe(number.phoneNumber);
      const agent = res.body.agent;
      expect(agent).toMatchObject({
        ...AGENT,
        voiceId: VOICES[1]!.id,
        knowledge: { url: 'https://www.example.com/faq' },
        prompt: template.promptStructure,
        active: true,
        locked: false,
        phoneNumber: number.phoneNumber,
        phoneNumberId: number.id,
        stats: { totalCalls: 0, averageDuration: 0, totalCostCents: 0, currency: 'nzd' },
      });
      expect(agent.elevenlabsAgentId).toEqual(expect.any(String));
      expect(new Date(agent.createdAt).toISOString()).toBe(agent.createdAt);

      const remote = await providerAgent(agent.elevenlabsAgentId);
      expect(remote.status).toBe(200);
      const config = remote.body.conversation_config;
      expect(config.agent.first_message).toBe(AGENT.greeting);
      expect(config.tts.voice_id).toBe(VOICES[1]!.elevenlabsId);
      const prompt: string = config.agent.prompt.prompt;
      expect(prompt).toContain(`You are Ava, an AI voice agent for ${tenant.name}`);
      expect(prompt).toContain(AGENT.purpose);
      expect(prompt).toContain(template.promptStructure.slice(0, 80));
      expect(prompt).toContain(AGENT.closing);
      expect(config.agent.prompt.knowledge_base).toEqual([expect.objectContaining({ type: 'url' })]);

      const numberRow = await app.deps.db('phone_numbers').where({ id: number.id }).first();
      expect(numberRow.assigned_agent_id).toBe(agent.id);
      expect(await providerNumberAgent(numberRow.elevenlabs_phone_number_id)).toBe(agent.elevenlabsAgentId);
    });

    it('uses an uploaded PDF as the knowledge base by its file id, never by its download path', async () => {
      const upload = await uploadPdf();
      const byId = await createAgent({ name: 'Kim', knowledge: { fileId: upload.fileId } });
      expect(byId.status, byId.text).toBe(201);
      expect(byId.body.agent.knowledge).toEqual({ fileId: upload.fileId });
      const remote = await providerAgent(byId.body.agent.elevenlabsAgentId);
      expect(remote.body.conversation_config.agent.prompt.knowledge_base).toEqual([
        expect.objectContaining({ type: 'file' }),
      ]);

      const byPath = await createAgent({ name: 'Lee', knowledge: { url: upload.url } });
      expect(byPath.status).toBe(400);
      expect(byPath.body.fields['knowledge.url']).toEqual(expect.any(String));
    });

    it.each([
      [{ url: 'https://www.example.com/faq', fileId: randomUUID() }, 'knowledge'],
      [{ page: 'https://www.example.com/faq' }, 'knowledge'],
      ['https://www.example.com/faq', 'knowledge'],
      [{ fileId: 'x'.repeat(65) }, 'knowledge.fileId'],
    ])('refuses the knowledge source %j with 400 on %s', async (knowledge, field) => {
      const res = await createAgent({ knowledge });
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toEqual(expect.any(String));
    });

    it('treats an empty knowledge URL as no knowledge source', async () => {
      const res = await createAgent({ name: 'No Knowledge', knowledge: { url: '  ' } });
      expect(res.status, res.text).toBe(201);
      expect(res.body.agent.knowledge).toBeNull();
    });

    it('links the agent to a campaign of the tenant, one agent per campaign', async () => {
      const campaignId = randomUUID();
      const now = new Date().toISOString();
      await app.deps.db('campaigns').insert({
        id: campaignId,
        tenant_id: tenant.id,
        name: 'Winter check-ups',
        goal: 'Book check-ups',
        days_of_week: JSON.stringify(['monday']),
        created_at: now,
        updated_at: now,
      });
      const res = await createAgent({ name: 'Campaigner', campaignId });
      expect(res.status, res.text).toBe(201);
      expect((await app.deps.db('campaigns').where({ id: campaignId }).first()).agent_id).toBe(res.body.agent.id);
      const second = await createAgent({ name: 'Second Campaigner', campaignId });
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('CAMPAIGN_HAS_AGENT');
      expect(second.body.message).toBe('This campaign already has an agent.');
      expect((await createAgent({ name: 'Trespasser', campaignId }, otherAdmin)).status).toBe(404);
    });

    it('answers "being provisioned" (phoneNumber null) without a number', async () => {
      const res = await createAgent({ name: 'No Number' });
      expect(res.status).toBe(201);
      expect(res.body.phoneNumber).toBeNull();
      expect(res.body.agent.phoneNumberId).toBeNull();
    });

    it.each([
      [{ name: '' }, 'name', 'Agent name is required'],
      [{ purpose: undefined }, 'purpose', 'Agent purpose is required'],
      [{ greeting: '   ' }, 'greeting', 'Agent greeting is required'],
      [{ closing: null }, 'closing', 'Agent closing is required'],
      [{ knowledge: { url: 'not a url' } }, 'knowledge.url', 'Knowledge URL must be a valid URL'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    ])('rejects %j with 400', async (override, field, message) => {
      const before = await app.deps.db('agents').count({ n: '*' }).first();
      const res = await createAgent(override);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.fields[field]).toBe(message);
      expect(await app.deps.db('agents').count({ n: '*' }).first()).toEqual(before);
    });

    it.each([
      'http://127.0.0.1/admin',
      'http://localhost:3000/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:7f00:1]/',
      'http://10.0.0.5/',
      'file:///etc/passwd',
      'https://user:secret@example.com/',
    ])('refuses the knowledge URL %s (SSRF) before calling the provider', async (url) => {
      const spy = vi.spyOn(app.deps.voice, 'createKnowledgeFromUrl');
      const res = await createAgent({ knowledge: { url } });
      expect(res.status).toBe(400);
      expect(res.body.fields['knowledge.url']).toEqual(expect.any(String));
      expect(spy).not.toHaveBeenCalled();
    });

    it.each([
      'http://localtest.me/',
      'http://127.0.0.1.nip.io/',
      'http://[::ffff:0:7f00:1]/',
      'http://[2002:7f00:1::]/',
      'http://localhost.localdomain/',
    ])('refuses the knowledge URL %s, whose address is not public, before calling the provider', async (url) => {
      const spy = vi.spyOn(app.deps.voice, 'createKnowledgeFromUrl');
      const res = await createAgent({ knowledge: { url } });
      expect(res.status).toBe(400);
      expect(res.body.fields['knowledge.url']).toBe('The knowledge URL must be a public web address.');
      expect(spy).not.toHaveBeenCalled();
    });

    it('refuses a knowledge URL that cannot be reached', async () => {
      const res = await createAgent({ knowledge: { url: 'https://no-such-host.invalid/faq' } });
      expect(res.status).toBe(400);
      expect(res.body.fields['knowledge.url']).toBe(
        'The knowledge URL could not be reached; check that the page is online.',
      );
    });

    it('refuses unknown fields, such as a tenant id', async () => {
      const res = await createAgent({ tenantId: randomUUID() });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Unknown field: tenantId');
    });

    it('refuses references to another tenant (404) and writes nothing', async () => {
      const myUpload = await uploadPdf();
      const providerCreate = vi.spyOn(app.deps.voice, 'createAgent');
      const count = async () => Number((await app.deps.db('agents').count({ n: '*' }).first())?.n);
      const before = await count();
      const attempts = [
        [admin, { phoneNumberId: theirNumber.id }, 'The selected phone number could not be found.'],
        [otherAdmin, { knowledge: { fileId: myUpload.fileId } }, 'The requested item could not be found.'],
        [admin, { voiceId: 'voice-nobody' }, 'The selected voice could not be found.'],
        [admin, { campaignId: randomUUID() }, 'The campaign could not be found.'],
      ] as const;
      for (const [token, body, message] of attempts) {
        const res = await createAgent(body, token);
        expect(res.status, JSON.stringify(body)).toBe(404);
        expect(res.body).toEqual({ message, code: 'NOT_FOUND' });
      }
      expect(providerCreate).not.toHaveBeenCalled();
      expect(await count()).toBe(before);
    });

    it('enforces the plan maximum of agents with a clear message', async () => {
      const own = (await freshTenant(app, { planTerms: { maxAgents: 2 } })).admin.token;
      for (const name of ['First', 'Second']) expect((await createAgent({ name }, own)).status).toBe(201);
      const providerCreate = vi.spyOn(app.deps.voice, 'createAgent');
      const res = await createAgent({ name: 'One Too Many' }, own);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('PLAN_LIMIT_REACHED');
      expect(res.body.message).toBe(
        'Your plan allows up to 2 agents. Delete an agent or upgrade your plan to add more.',
      );
      expect(providerCreate).not.toHaveBeenCalled();
    });

    it('maps a provider failure to 502 and leaves no agent row', async () => {
      vi.spyOn(app.deps.voice, 'createAgent').mockRejectedValueOnce(new Error('socket hang up'));
      const res = await createAgent({ name: 'Provider Down' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        code: 'PROVIDER_UNAVAILABLE',
        message: 'The voice service could not create the agent: socket hang up',
      });
      expect(await app.deps.db('agents').where({ name: 'Provider Down' }).first()).toBeUndefined();
    });

    it('deletes the provider agent again when a later step fails', async () => {
      const number = await buyNumber();
      const created = vi.spyOn(app.deps.voice, 'createAgent');
      const deleted = vi.spyOn(app.deps.voice, 'deleteAgent');
      vi.spyOn(app.deps.voice, 'assignPhoneNumber').mockRejectedValueOnce(new Error('number locked'));
      const res = await createAgent({ name: 'Half Made', phoneNumberId: number.id });
      expect(res.status).toBe(502);
      const providerId = (await created.mock.results[0]!.value) as { agentId: string };
      expect(deleted).toHaveBeenCalledWith(providerId.agentId);
      expect((await providerAgent(providerId.agentId)).status).toBe(404);
      expect(await app.deps.db('agents').where({ name: 'Half Made' }).first()).toBeUndefined();
    });

    it('is for admins: a plain user gets 403, nobody signed in 401', async () => {
      expect((await createAgent({}, user)).status).toBe(403);
      expect((await app.request('POST', apiRoutes.agents.collection(), { body: AGENT })).status).toBe(401);
    });

    it('needs a tenant: a superadmin without one gets 404', async () => {
      expect((await createAgent({}, superadmin)).status).toBe(404);
    });
  });

  describe('read', () => {
    it('lists the tenant agents with their number and stats, and no one else’s', async () => {
      const mine = await createAgent({ name: 'Listed' });
      const res = await app.request('GET', apiRoutes.agents.collection(), { token: user });
      expect(res.status).toBe(200);
      const ids = res.body.agents.map((a: { id: string }) => a.id);
      expect(ids).toContain(mine.body.agent.id);
      expect(res.text).not.toContain('Hidden canary');
      expect(res.text).not.toContain(theirAgentId);
      expect(res.text).not.toContain(theirNumber.phoneNumber);
      for (const agent of res.body.agents) {
        expect(agent.stats).toEqual({
          totalCalls: expect.any(Number),
          averageDuration: expect.any(Number),
          totalCostCents: expect.any(Number),
          currency: 'nzd',
        });
      }
    });

    it('gets one agent; another tenant’s id is 404 exactly like a missing one', async () => {
      const created = await createAgent({ name: 'Findable' });
      const id = created.body.agent.id;
      const res = await app.request('GET', apiRoutes.agents.byId(id), { token: user });
      expect(res.status).toBe(200);
      expect(res.body.agent).toMatchObject({ id, name: 'Findable' });

      const foreign = await app.request('GET', apiRoutes.agents.byId(id), { token: otherAdmin });
      const missing = await app.request('GET', apiRoutes.agents.byId(randomUUID()), { token: otherAdmin });
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      for (const [method, path] of [
        ['PATCH', apiRoutes.agents.byId(id)],
        ['DELETE', apiRoutes.agents.byId(id)],
        ['GET', apiRoutes.agents.stats(id)],
        ['POST', apiRoutes.agents.syncCalls(id)],
        ['POST', apiRoutes.agents.simulateCall(id)],
      ] as const) {
        const res2 = await app.request(method, path, {
          token: otherAdmin,
          body: method === 'PATCH' ? { name: 'Taken over' } : undefined,
        });
        expect(res2.status, `${method} ${path}`).toBe(404);
        expect(res2.text).toBe(missing.text);
      }
      expect((await app.deps.db('agents').where({ id }).first()).name).toBe('Findable');
    });

    it('answers stats of an agent without calls', async () => {
      const created = await createAgent({ name: 'Quiet' });
      const res = await app.request('GET', apiRoutes.agents.stats(created.body.agent.id), { token: user });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        totalCalls: 0,
        averageDuration: 0,
        totalCostCents: 0,
        averageCostCents: 0,
        currency: 'nzd',
        recentCalls: [],
      });
    });
  });

  describe('edit', () => {
    it('updates our row and the provider agent', async () => {
      const created = await createAgent({ name: 'Before' });
      const id = created.body.agent.id;
      const res = await app.request('PATCH', apiRoutes.agents.byId(id), {
        token: admin,
        body: {
          name: 'After',
          greeting: 'Hello from After',
          voiceId: VOICES[3]!.id,
          prompt: 'Always offer a callback.',
        },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.agent).toMatchObject({
        name: 'After',
        greeting: 'Hello from After',
        voiceId: VOICES[3]!.id,
        purpose: AGENT.purpose,
      });
      const remote = await providerAgent(created.body.agent.elevenlabsAgentId);
      expect(remote.body.name).toBe('After');
      expect(remote.body.conversation_config.agent.first_message).toBe('Hello from After');
      expect(remote.body.conversation_config.tts.voice_id).toBe(VOICES[3]!.elevenlabsId);
      expect(remote.body.conversation_config.agent.prompt.prompt).toContain('Always offer a callback.');
    });

    it('replaces the knowledge source: a new URL drops the old file', async () => {
      const upload = await uploadPdf();
      const created = await createAgent({ name: 'Learner', knowledge: { fileId: upload.fileId } });
      const res = await app.request('PATCH', apiRoutes.agents.byId(created.body.agent.id), {
        token: admin,
        body: { knowledge: { url: 'https://www.example.org/help' } },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.agent.knowledge).toEqual({ url: 'https://www.example.org/help' });
      const remote = await providerAgent(created.body.agent.elevenlabsAgentId);
      expect(remote.body.conversation_config.agent.prompt.knowledge_base).toEqual([
        expect.objectContaining({ type: 'url' }),
      ]);
      const untouched = await app.request('PATCH', apiRoutes.agents.byId(created.body.agent.id), {
        token: admin,
        body: { name: 'Learner Two' },
      });
      expect(untouched.body.agent.knowledge).toEqual({ url: 'https://www.example.org/help' });

      const cleared = await app.request('PATCH', apiRoutes.agents.byId(created.body.agent.id), {
        token: admin,
        body: { knowledge: null },
      });
      expect(cleared.body.agent.knowledge).toBeNull();
      const emptied = await providerAgent(created.body.agent.elevenlabsAgentId);
      expect(emptied.body.conversation_config.agent.prompt.knowledge_base).toEqual([]);
    });

    it.each([
      [{ name: 'A' }, 'name', 'Name must be at least 2 characters'],
      [{ purpose: 'x' }, 'purpose', 'Purpose must be at least 2 characters'],
      [{ greeting: 'x' }, 'greeting', 'Greeting must be at least 2 characters'],
      [{ closing: 'x' }, 'closing', 'Closing must be at least 2 characters'],
      [{ campaignId: randomUUID() }, '', 'Unknown field: campaignId'],
      [{ active: 'yes' }, 'active', 'Active must be true or false'],
    ])('rejects %j with 400', async (body, field, message) => {
      const created = await createAgent({ name: 'Strict' });
      const res = await app.request('PATCH', apiRoutes.agents.byId(created.body.agent.id), { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      if (field) expect(res.body.fields[field]).toBe(message);
    });

    it('moves a number from another agent, which loses it', async () => {
      const number = await buyNumber();
      const first = await createAgent({ name: 'First Holder', phoneNumberId: number.id });
      const second = await createAgent({ name: 'Second Holder' });
      const res = await app.request('PATCH', apiRoutes.agents.byId(second.body.agent.id), {
        token: admin,
        body: { phoneNumberId: number.id },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.agent).toMatchObject({ phoneNumber: number.phoneNumber, phoneNumberId: number.id });
      const firstNow = await app.request('GET', apiRoutes.agents.byId(first.body.agent.id), { token: admin });
      expect(firstNow.body.agent).toMatchObject({ phoneNumber: null, phoneNumberId: null });
      const row = await app.deps.db('phone_numbers').where({ id: number.id }).first();
      expect(await providerNumberAgent(row.elevenlabs_phone_number_id)).toBe(second.body.agent.elevenlabsAgentId);

      const numbers = await app.request('GET', apiRoutes.phoneNumbers.list(), { token: user });
      const listed = numbers.body.phoneNumbers.find((n: { id: string }) => n.id === number.id);
      expect(listed.assigned_agent).toEqual({
        agent_name: 'Second Holder',
        database_agent_id: second.body.agent.id,
        agent_id: second.body.agent.elevenlabsAgentId,
      });

      const cleared = await app.request('PATCH', apiRoutes.agents.byId(second.body.agent.id), {
        token: admin,
        body: { phoneNumberId: null },
      });
      expect(cleared.body.agent.phoneNumberId).toBeNull();
      expect(await providerNumberAgent(row.elevenlabs_phone_number_id)).toBeNull();
    });

    it('refuses another tenant’s number, and changes nothing', async () => {
      const created = await createAgent({ name: 'Stays Put' });
      const res = await app.request('PATCH', apiRoutes.agents.byId(created.body.agent.id), {
        token: admin,
        body: { name: 'Changed', phoneNumberId: theirNumber.id },
      });
      expect(res.status).toBe(404);
      expect((await app.deps.db('agents').where({ id: created.body.agent.id }).first()).name).toBe('Stays Put');
    });

    it('is for admins', async () => {
      const created = await createAgent({ name: 'Admin Only' });
      const res = await app.request('PATCH', apiRoutes.agents.byId(created.body.agent.id), {
        token: user,
        body: { name: 'Hijack' },
      });
      expect(res.status).toBe(403);
    });
  });

  describe('locked agents', () => {
    it('refuse edit and delete with the contact-support message', async () => {
      const created = await createAgent({ name: 'Locked One' });
      const id = created.body.agent.id;
      await app.deps.db('agents').where({ id }).update({ locked: true });
      const expected = {
        code: 'AGENT_LOCKED',
        message: 'This agent is locked and cannot be edited or deleted. Please contact support.',
      };
      const patch = await app.request('PATCH', apiRoutes.agents.byId(id), {
        token: admin,
        body: { name: 'Unlocked?' },
      });
      expect(patch.status).toBe(403);
      expect(patch.body).toEqual(expected);
      const del = await app.request('DELETE', apiRoutes.agents.byId(id), { token: admin });
      expect(del.status).toBe(403);
      expect(del.body).toEqual(expected);
      const row = await app.deps.db('agents').where({ id }).first();
      expect(row.name).toBe('Locked One');
      expect(Boolean(row.active)).toBe(true);
      const listed = await app.request('GET', apiRoutes.agents.byId(id), { token: user });
      expect(listed.body.agent.locked).toBe(true);
    });
  });

  describe('delete', () => {
    it('deactivates an active agent, then deletes it here and at the provider', async () => {
      const number = await buyNumber();
      const created = await createAgent({ name: 'Short Lived', phoneNumberId: number.id });
      const { id, elevenlabsAgentId } = created.body.agent;
      const row = await app.deps.db('phone_numbers').where({ id: number.id }).first();

      const first = await app.request('DELETE', apiRoutes.agents.byId(id), { token: admin });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ message: 'Agent deactivated successfully.', deleted: false });
      const inactive = await app.request('GET', apiRoutes.agents.byId(id), { token: admin });
      expect(inactive.body.agent).toMatchObject({ active: false, phoneNumberId: number.id });
      // An inactive agent keeps its number here but no longer answers it.
      expect(await providerNumberAgent(row.elevenlabs_phone_number_id)).toBeNull();

      const reactivated = await app.request('PATCH', apiRoutes.agents.byId(id), {
        token: admin,
        body: { active: true },
      });
      expect(reactivated.body.agent.active).toBe(true);
      expect(await providerNumberAgent(row.elevenlabs_phone_number_id)).toBe(elevenlabsAgentId);
      await app.request('DELETE', apiRoutes.agents.byId(id), { token: admin });

      const second = await app.request('DELETE', apiRoutes.agents.byId(id), { token: admin });
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ message: 'Agent deleted successfully.', deleted: true });
      expect((await app.request('GET', apiRoutes.agents.byId(id), { token: admin })).status).toBe(404);
      expect((await providerAgent(elevenlabsAgentId)).status).toBe(404);
      expect((await app.deps.db('phone_numbers').where({ id: number.id }).first()).assigned_agent_id).toBeNull();
    });

    it('treats an agent already gone at the provider as deleted', async () => {
      const created = await createAgent({ name: 'Gone Remote' });
      const { id, elevenlabsAgentId } = created.body.agent;
      await app.request('DELETE', apiRoutes.agents.byId(id), { token: admin });
      await app.deps.voice.deleteAgent(elevenlabsAgentId);
      const res = await app.request('DELETE', apiRoutes.agents.byId(id), { token: admin });
      expect(res.body).toEqual({ message: 'Agent deleted successfully.', deleted: true });
    });

    it('is for admins', async () => {
      const created = await createAgent({ name: 'Undeletable' });
      expect((await app.request('DELETE', apiRoutes.agents.byId(created.body.agent.id), { token: user })).status).toBe(
        403,
      );
    });
  });

  describe('calls through the sandbox', () => {
    it('counts a simulated inbound call in the agent stats and the dashboard', async () => {
      const number = await buyNumber();
      const created = await createAgent({ name: 'Caller Magnet', phoneNumberId: number.id });
      const id = created.body.agent.id;
      const before = await app.request('GET', apiRoutes.stats.dashboard(), { token: user });

      expect((await app.request('POST', apiRoutes.agents.simulateCall(id), { token: user })).status).toBe(403);
      const call = await app.request('POST', apiRoutes.agents.simulateCall(id), { token: admin });
      expect(call.status, call.text).toBe(202);
      expect(call.body.conversationId).toEqual(expect.any(String));

      const stats = await eventually(async () => {
        const res = await app.request('GET', apiRoutes.agents.stats(id), { token: user });
        expect(res.body.totalCalls).toBe(1);
        return res.body;
      });
      expect(stats.averageDuration).toBeGreaterThan(0);
      expect(stats.recentCalls).toHaveLength(1);
      expect(Number.isInteger(stats.totalCostCents)).toBe(true);
      expect(stats.recentCalls[0]).toMatchObject({
        durationSec: stats.averageDuration,
        costCents: stats.totalCostCents,
        currency: 'nzd',
      });
      expect(stats.averageCostCents).toBe(stats.totalCostCents);

      const after = await app.request('GET', apiRoutes.stats.dashboard(), { token: user });
      expect(after.body.totalCalls).toBe(before.body.totalCalls + 1);
      expect(after.body.minutesUsed).toBe(before.body.minutesUsed + Math.ceil(stats.averageDuration / 60));

      const listed = await app.request('GET', apiRoutes.agents.collection(), { token: user });
      expect(listed.body.agents.find((a: { id: string }) => a.id === id).stats).toEqual({
        totalCalls: 1,
        averageDuration: stats.averageDuration,
        totalCostCents: stats.totalCostCents,
        currency: 'nzd',
      });

      // sync-calls finds the same conversation and does not count it again.
      const sync = await app.request('POST', apiRoutes.agents.syncCalls(id), { token: user });
      expect(sync.status).toBe(200);
      expect(sync.body).toMatchObject({ synced: 1, created: 0 });
    });

    it('sync-calls records a call whose webhook never arrived, and the late webhook does not count it twice', async () => {
      const number = await buyNumber();
      const created = await createAgent({ name: 'Missed Hook', phoneNumberId: number.id });
      const id = created.body.agent.id;
      const verify = vi.spyOn(app.deps.voice, 'verifyPostCallWebhook').mockImplementation(() => {
        throw new Error('webhook endpoint down');
      });
      const call = await app.request('POST', apiRoutes.agents.simulateCall(id), { token: admin });
      expect(call.status).toBe(202);
      const sync = await eventually(async () => {
        const res = await app.request('POST', apiRoutes.agents.syncCalls(id), { token: admin });
        expect(res.body.created).toBe(1);
        return res.body;
      });
      expect(sync).toMatchObject({ synced: 1, created: 1, message: 'Synced 1 new call.' });
      verify.mockRestore();
      // The sandbox retries its webhook; once it gets through, the call is still counted once.
      await eventually(async () => {
        const row = await app.deps
          .db('processed_webhook_events')
          .where({ event_id: `post_call:${call.body.conversationId}` })
          .first();
        expect(row).toBeDefined();
      }, 15_000);
      const stats = await app.request('GET', apiRoutes.agents.stats(id), { token: admin });
      expect(stats.body.totalCalls).toBe(1);
    });

    it('refuses to call an agent without a number', async () => {
      const created = await createAgent({ name: 'Unreachable' });
      const res = await app.request('POST', apiRoutes.agents.simulateCall(created.body.agent.id), { token: admin });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Assign a phone number to this agent before calling it.');
      expect(res.body.code).toBe('AGENT_HAS_NO_NUMBER');
    });

    it('answers 502 when the provider cannot list calls', async () => {
      const created = await createAgent({ name: 'Sync Fails' });
      vi.spyOn(app.deps.voice, 'listConversations').mockRejectedValueOnce(new Error('timeout'));
      const res = await app.request('POST', apiRoutes.agents.syncCalls(created.body.agent.id), { token: admin });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('The voice service could not list the calls: timeout');
    });
  });

  describe('dashboard stats', () => {
    it('counts active agents and numbers of the tenant only', async () => {
      const res = await app.request('GET', apiRoutes.stats.dashboard(), { token: user });
      expect(res.status).toBe(200);
      const activeAgents = Number(
        (await app.deps.db('agents').where({ tenant_id: tenant.id, active: true }).count({ n: '*' }).first())?.n,
      );
      const activeNumbers = Number(
        (await app.deps.db('phone_numbers').where({ tenant_id: tenant.id, active: true }).count({ n: '*' }).first())?.n,
      );
      expect(res.body).toEqual({
        activeAgents,
        activePhoneNumbers: activeNumbers,
        minutesUsed: expect.any(Number),
        totalCalls: expect.any(Number),
      });
      const other = await app.request('GET', apiRoutes.stats.dashboard(), { token: otherAdmin });
      expect(other.body.totalCalls).toBe(0);
      expect(other.body.minutesUsed).toBe(0);
    });
  });
});
