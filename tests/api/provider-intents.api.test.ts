import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProviderIntentsService } from '../../server/src/modules/provider-intents/provider-intents.service';
import { startTestApp, testClock, TEST_DATABASES, type TestApp } from './support/test-app';
import { apiRoutes } from '@shared/api/routes';

const LEASE_SEC = 60;

/**
 * Provider intents in one process: a request that "dies" (its own undo never runs) leaves an open intent, which the
 * reconciler leaves alone while its lease holds and settles once it has run out, by what the providers report.
 * The kill -9 suite (provider-intents.crash.test.ts) does the same with real crashes.
 */
describe.each(TEST_DATABASES)('provider intents (%s)', (kind) => {
  let app: TestApp;
  let admin: string;
  let intents: ProviderIntentsService;
  const clock = testClock(new Date('2026-11-20T10:00:00.000Z'));

  /** Each request a second after the last, so that the latest intent is the last one made. */
  const request = (method: string, url: string, body?: object) => {
    clock.advance(1000);
    return app.request(method, url, { token: admin, body });
  };
  const purchase = (phoneNumber: string) => request('POST', apiRoutes.phoneNumbers.purchase(), { phoneNumber });
  const createAgent = (name: string, phoneNumberId?: string) =>
    request('POST', apiRoutes.agents.collection(), {
      name,
      purpose: 'Answers the phone.',
      greeting: 'Hello.',
      closing: 'Goodbye.',
      phoneNumberId,
    });
  const deleteAgent = (id: string) => request('DELETE', apiRoutes.agents.byId(id));
  const lastIntent = () => app.deps.db('provider_intents').orderBy('created_at', 'desc').first();
  const owns = async (phoneNumber: string) => (await app.deps.telephony.findOwnedNumber(phoneNumber)) !== null;
  const leaseRunsOut = () => clock.advance((LEASE_SEC + 1) * 1000);

  /** The request's own undo never runs, as when the process dies right after the failing step. */
  const dieOnFailure = () => vi.spyOn(intents, 'abandon').mockResolvedValue(undefined);

  let stock: string[] = [];
  /** A number the sandbox sells that nobody here owns yet. */
  async function freeNumber(): Promise<string> {
    if (stock.length === 0) {
      const res = await app.request('GET', `${apiRoutes.phoneNumbers.available()}?country=AU&limit=100`, {
        token: admin,
      });
      stock = res.body.availableNumbers.map((number: { phoneNumber: string }) => number.phoneNumber);
    }
    const next = stock.shift();
    if (!next) throw new Error('the sandbox has no numbers left');
    return next;
  }

  beforeAll(async () => {
    // No workers: the reconciler runs here only when a test calls it.
    app = await startTestApp(kind, { clock, config: { providerIntentLeaseSec: LEASE_SEC, runWorkers: false } });
    intents = app.built.services.providerIntents;
    const tenant = await app.request('POST', apiRoutes.testSupport.tenants(), { body: { plan: 'enterprise' } });
    admin = (await app.login(tenant.body.users[0].email, tenant.body.users[0].password)).accessToken;
  });
  afterAll(() => app?.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('closes a purchase as done with our rows, in the same transaction', async () => {
    const phoneNumber = await freeNumber();
    const res = await purchase(phoneNumber);
    expect(res.status, res.text).toBe(201);
    expect(await lastIntent()).toMatchObject({
      kind: 'phone-number.purchase',
      subject_id: res.body.phoneNumber.id,
      subject_key: phoneNumber,
      state: 'done',
    });
  });

  it('undoes a purchase that died after buying, once its lease has run out, and not before', async () => {
    const phoneNumber = await freeNumber();
    dieOnFailure();
    vi.spyOn(app.deps.voice, 'importTwilioNumber').mockRejectedValueOnce(new Error('connection reset'));
    expect((await purchase(phoneNumber)).status).toBe(502);
    expect(await lastIntent()).toMatchObject({ state: 'open', subject_key: phoneNumber });
    expect(JSON.parse((await lastIntent()).refs)).toEqual({ twilioSid: expect.stringMatching(/^PN/) });
    expect(await owns(phoneNumber)).toBe(true);

    // A request may still be working on it: the reconciler waits for the lease.
    expect(await intents.reconcileExpired()).toEqual({ done: 0, undone: 0, failed: 0 });
    expect(await owns(phoneNumber)).toBe(true);

    leaseRunsOut();
    expect(await intents.reconcileExpired()).toEqual({ done: 0, undone: 1, failed: 0 });
    expect(await owns(phoneNumber)).toBe(false);
    expect(await lastIntent()).toMatchObject({ state: 'undone', attempts: 1 });
    expect(await app.deps.db('phone_numbers').where({ phone_number: phoneNumber }).first()).toBeUndefined();
  });

  it('finishes a purchase that died after both providers, before our commit, with its month charged', async () => {
    const phoneNumber = await freeNumber();
    dieOnFailure();
    vi.spyOn(app.deps.db, 'transaction').mockRejectedValueOnce(new Error('killed'));
    expect((await purchase(phoneNumber)).status).toBe(500);
    const intent = await lastIntent();
    expect(intent.state).toBe('open');

    leaseRunsOut();
    expect(await intents.reconcileExpired()).toEqual({ done: 1, undone: 0, failed: 0 });
    const row = await app.deps.db('phone_numbers').where({ phone_number: phoneNumber }).first();
    expect(row).toMatchObject({ id: intent.subject_id, twilio_sid: expect.stringMatching(/^PN/) });
    expect(row.elevenlabs_phone_number_id).toBe((await app.deps.voice.findImportedNumber(phoneNumber))?.phoneNumberId);
    expect(await app.deps.db('phone_number_billing').where({ phone_number_id: row.id }).first()).toBeDefined();
    expect((await lastIntent()).state).toBe('done');
  });

  it('refuses a second purchase of a number while the first is at the providers', async () => {
    const phoneNumber = await freeNumber();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const importNumber = app.deps.voice.importTwilioNumber.bind(app.deps.voice);
    vi.spyOn(app.deps.voice, 'importTwilioNumber').mockImplementationOnce(async (input) => {
      await gate;
      return importNumber(input);
    });
    const first = purchase(phoneNumber);
    await vi.waitFor(async () => expect((await lastIntent()).subject_key).toBe(phoneNumber));
    const second = await purchase(phoneNumber);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('NUMBER_UNAVAILABLE');
    expect(second.body.message).toBe('This phone number is no longer available.');
    release();
    expect((await first).status).toBe(201);
  });

  it('a request that outlives its lease loses the intent to the reconciler and answers 409', async () => {
    const phoneNumber = await freeNumber();
    vi.spyOn(app.deps.voice, 'importTwilioNumber').mockImplementationOnce(async () => {
      leaseRunsOut();
      await intents.reconcileExpired();
      return { phoneNumberId: 'phnum_never_made' };
    });
    const res = await purchase(phoneNumber);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PROVIDER_INTENT_PENDING');
    expect(await lastIntent()).toMatchObject({ state: 'undone' });
    expect(await owns(phoneNumber)).toBe(false);
    expect(await app.deps.db('phone_numbers').where({ phone_number: phoneNumber }).first()).toBeUndefined();
  });

  it('undoes an agent creation that died before its number was moved, leaving the number with its agent', async () => {
    const numberRes = await purchase(await freeNumber());
    const number = numberRes.body.phoneNumber;
    const holder = await createAgent('Holder', number.id);
    expect(holder.status, holder.text).toBe(201);
    const holderProviderId = holder.body.agent.elevenlabsAgentId;

    dieOnFailure();
    vi.spyOn(app.deps.voice, 'assignPhoneNumber').mockRejectedValueOnce(new Error('killed'));
    expect((await createAgent('Taker', number.id)).status).toBe(502);
    const intent = await lastIntent();
    expect(intent).toMatchObject({ kind: 'agent.create', state: 'open', subject_key: number.phoneNumber });
    const taker = JSON.parse(intent.refs).providerAgentId;
    expect(await app.deps.voice.findAgentsByTag(`agent:${intent.subject_id}`)).toEqual([taker]);

    leaseRunsOut();
    expect(await intents.reconcileExpired()).toEqual({ done: 0, undone: 1, failed: 0 });
    expect(await app.deps.voice.findAgentsByTag(`agent:${intent.subject_id}`)).toEqual([]);
    expect((await app.deps.voice.findImportedNumber(number.phoneNumber))?.agentId).toBe(holderProviderId);
    expect(await app.deps.db('agents').where({ id: intent.subject_id }).first()).toBeUndefined();
  });

  it('finishes an agent creation that died after its number was moved: the number is the new agent’s', async () => {
    const number = (await purchase(await freeNumber())).body.phoneNumber;
    expect((await createAgent('Previous', number.id)).status).toBe(201);
    dieOnFailure();
    vi.spyOn(app.deps.db, 'transaction').mockRejectedValueOnce(new Error('killed'));
    expect((await createAgent('Next', number.id)).status).toBe(500);
    const intent = await lastIntent();

    leaseRunsOut();
    expect(await intents.reconcileExpired()).toEqual({ done: 1, undone: 0, failed: 0 });
    const agent = await request('GET', apiRoutes.agents.byId(intent.subject_id));
    expect(agent.status).toBe(200);
    expect(agent.body.agent).toMatchObject({ name: 'Next', phoneNumberId: number.id, active: true });
    expect((await app.deps.voice.findImportedNumber(number.phoneNumber))?.agentId).toBe(
      agent.body.agent.elevenlabsAgentId,
    );
  });

  it('finishes an agent deletion that died after the provider deleted the agent', async () => {
    const agent = (await createAgent('Leaving')).body.agent;
    expect((await deleteAgent(agent.id)).body.deleted).toBe(false);
    dieOnFailure();
    vi.spyOn(app.deps.db, 'transaction').mockRejectedValueOnce(new Error('killed'));
    expect((await deleteAgent(agent.id)).status).toBe(500);
    expect(await app.deps.voice.findAgentsByTag(`agent:${agent.id}`)).toEqual([]);
    expect(await app.deps.db('agents').where({ id: agent.id }).first()).toBeDefined();

    leaseRunsOut();
    expect(await intents.reconcileExpired()).toEqual({ done: 1, undone: 0, failed: 0 });
    expect(await app.deps.db('agents').where({ id: agent.id }).first()).toBeUndefined();
  });

  it('two reconcilers at once settle each intent once', async () => {
    dieOnFailure();
    const numbers: string[] = [];
    for (let i = 0; i < 6; i += 1) numbers.push(await freeNumber());
    vi.spyOn(app.deps.voice, 'importTwilioNumber').mockRejectedValue(new Error('killed'));
    for (const phoneNumber of numbers) expect((await purchase(phoneNumber)).status).toBe(502);
    vi.restoreAllMocks();

    const released = vi.spyOn(app.deps.telephony, 'releaseNumber');
    leaseRunsOut();
    const reports = await Promise.all([intents.reconcileExpired(), intents.reconcileExpired()]);
    expect(reports.reduce((sum, report) => sum + report.undone, 0)).toBe(numbers.length);
    expect(reports.reduce((sum, report) => sum + report.done + report.failed, 0)).toBe(0);
    expect(released).toHaveBeenCalledTimes(numbers.length);
    for (const phoneNumber of numbers) expect(await owns(phoneNumber)).toBe(false);
  });

  it('tries an intent it cannot settle again later, after a pause that grows', async () => {
    const phoneNumber = await freeNumber();
    dieOnFailure();
    vi.spyOn(app.deps.voice, 'importTwilioNumber').mockRejectedValueOnce(new Error('killed'));
    expect((await purchase(phoneNumber)).status).toBe(502);
    vi.spyOn(app.deps.telephony, 'releaseNumber').mockRejectedValueOnce(new Error('telephony down'));

    leaseRunsOut();
    expect(await intents.reconcileExpired()).toEqual({ done: 0, undone: 0, failed: 1 });
    expect(await lastIntent()).toMatchObject({ state: 'open', last_error: 'telephony down' });
    leaseRunsOut();
    expect(await intents.reconcileExpired()).toEqual({ done: 0, undone: 0, failed: 0 });
    clock.advance(2 * LEASE_SEC * 1000);
    expect(await intents.reconcileExpired()).toEqual({ done: 0, undone: 1, failed: 0 });
    expect(await owns(phoneNumber)).toBe(false);
  });
});
