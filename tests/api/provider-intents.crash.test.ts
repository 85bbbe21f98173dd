import path from 'node:path';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { toBool, type Db } from '../../server/src/db/database';
import { BaseUrlRequestClient } from '../../server/src/providers/telephony/twilio.telephony';
import { startSandbox } from '../../server/src/sandbox';
import { openCrashLeg } from './support/crash-leg';
import { EndedBeforeReady, type ServerProcess } from './support/server-process';
import { TEST_DATABASES, type DatabaseKind } from './support/test-app';
import { apiRoutes } from '@shared/api/routes';

/**
 * Kill -9 the real server while it buys numbers and creates and deletes agents, restart it, let the reconciler run,
 * and check that the providers (listed through the official SDKs against the sandbox, which keeps its state in the
 * data folder) and our database agree: no number, import or agent on one side without the other.
 *
 * Each database leg runs lives of the server: one that measures how long a batch of operations takes, lives killed
 * after a random part of that time, lives that die at a named checkpoint of a provider intent (every step of every
 * kind, and two steps of the reconciler's own undo), and a last one that only reconciles.
 */

const RANDOM_KILLS = Math.ceil(20 / TEST_DATABASES.length);
/** Short, so that the reconciler takes a crashed request's intents soon after the restart. */
const LEASE_SEC = 2;
const REQUEST_TIMEOUT_MS = 60_000;
const SETTLE_TIMEOUT_MS = 90_000;

type Operation = 'purchase' | 'create-agent' | 'create-agent-on-number' | 'delete-agent';

const EVERY_OPERATION: Operation[] = ['purchase', 'purchase', 'create-agent', 'create-agent-on-number', 'delete-agent'];

interface ScriptedLife {
  crashAt: string;
  operations: Operation[];
}

/**
 * Every checkpoint of every kind of intent, each reached by the operation that passes it. A reconciler step
 * follows the life that leaves it work: a number bought but not imported is released, and a provider agent made
 * but not on its number is deleted.
 */
const livesAt = (kind: string, operation: Operation, steps: string[]) =>
  steps.map((step): ScriptedLife => ({ crashAt: `${kind}:${step}`, operations: [operation] }));

const PURCHASE: ScriptedLife[] = [
  ...livesAt('phone-number.purchase', 'purchase', ['begun', 'twilioSid:returned', 'twilioSid:recorded']),
  { crashAt: 'settle:phone-number.purchase:release-number', operations: [] },
  ...livesAt('phone-number.purchase', 'purchase', ['voicePhoneNumberId:returned', 'voicePhoneNumberId:recorded']),
  ...livesAt('phone-number.purchase', 'purchase', ['finished']),
];

const AGENT_CREATION: ScriptedLife[] = [
  ...livesAt('agent.create', 'create-agent-on-number', [
    'begun',
    'providerAgentId:returned',
    'providerAgentId:recorded',
  ]),
  { crashAt: 'settle:agent.create:delete-agent', operations: [] },
  ...livesAt('agent.create', 'create-agent-on-number', ['numberAssigned:returned', 'numberAssigned:recorded']),
  ...livesAt('agent.create', 'create-agent-on-number', ['finished']),
];

const DELETION_BEFORE = livesAt('agent.delete', 'delete-agent', ['begun', 'providerAgentDeleted:returned']);
const DELETION_AFTER = livesAt('agent.delete', 'delete-agent', ['providerAgentDeleted:recorded', 'finished']);

/** Both legs together cover every checkpoint, split evenly; one leg alone covers them all itself. */
const SCRIPTED: Record<DatabaseKind, ScriptedLife[]> =
  TEST_DATABASES.length > 1
    ? { sqlite: [...PURCHASE, ...DELETION_BEFORE], postgres: [...AGENT_CREATION, ...DELETION_AFTER] }
    : { sqlite: [...PURCHASE, ...DELETION_BEFORE, ...AGENT_CREATION, ...DELETION_AFTER], postgres: [] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** A client of one server life; requests cut off by a kill simply fail. `trace` keeps what each request answered. */
function apiOf(server: ServerProcess, trace?: string[]) {
  return async <T = any>(method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = { status: response.status, body: (await response.json().catch(() => null)) as T };
    trace?.push(
      `${method} ${url.split('?')[0]} ${answer.status}${answer.status >= 400 ? ` ${JSON.stringify(answer.body)}` : ''}`,
    );
    return answer;
  };
}

interface Credentials {
  email: string;
  password: string;
}

async function signIn(server: ServerProcess, admin: Credentials): Promise<string> {
  const res = await apiOf(server)('POST', apiRoutes.auth.login(), undefined, admin);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.accessToken as string;
}

/** How long an operation keeps trying other numbers or agents; the reconciler's first pass waits for the lease. */
const IN_USE_RETRY_MS = 60_000;

/**
 * Tries again, with another number or agent, while the one picked is still held by an intent a kill left open (409
 * until the reconciler settles it, a few seconds into the new life) or was settled away between our list and our
 * request (404: the reconciler finished a deletion or undid a purchase meanwhile).
 */
async function whileInUse(attempt: () => Promise<{ status: number } | null>): Promise<void> {
  const deadline = Date.now() + IN_USE_RETRY_MS;
  while (Date.now() < deadline) {
    const status = (await attempt())?.status;
    if (status !== 409 && status !== 404) return;
    await sleep(500);
  }
}

/** One operation as the API sees it; what it answers does not matter here, only what it leaves behind. */
async function operate(
  server: ServerProcess,
  token: string,
  operation: Operation,
  round: number,
  trace?: string[],
): Promise<void> {
  const api = apiOf(server, trace);
  const agentBody = (name: string) => ({
    name,
    purpose: 'Answers the phone for the crash test.',
    greeting: 'Hello, crash test speaking.',
    closing: 'Goodbye.',
  });
  if (operation === 'purchase') {
    await whileInUse(async () => {
      const country = pick(['NZ', 'AU', 'US']);
      const available = await api('GET', `${apiRoutes.phoneNumbers.available()}?country=${country}&limit=50`, token);
      const phoneNumber = pick(available.body.availableNumbers as Array<{ phoneNumber: string }>)?.phoneNumber;
      return phoneNumber ? api('POST', apiRoutes.phoneNumbers.purchase(), token, { phoneNumber }) : null;
    });
    return;
  }
  if (operation === 'create-agent') {
    await api('POST', apiRoutes.agents.collection(), token, agentBody(`Crash ${round} plain`));
    return;
  }
  if (operation === 'create-agent-on-number') {
    await whileInUse(async () => {
      const numbers = (await api('GET', apiRoutes.phoneNumbers.list(), token)).body.phoneNumbers as Array<{
        id: string;
      }>;
      const number = pick(numbers);
      const body = { ...agentBody(`Crash ${round} on number`), phoneNumberId: number?.id };
      return number ? api('POST', apiRoutes.agents.collection(), token, body) : null;
    });
    return;
  }
  // An agent without a number (made now if there is none): deactivating it touches no provider, so only the
  // deletion has provider steps.
  await whileInUse(async () => {
    const agents = (await api('GET', apiRoutes.agents.collection(), token)).body.agents as Array<{
      id: string;
      phoneNumberId: string | null;
    }>;
    const agent =
      pick(agents.filter((candidate) => !candidate.phoneNumberId)) ??
      ((await api('POST', apiRoutes.agents.collection(), token, agentBody(`Crash ${round} to delete`))).body?.agent as
        { id: string } | undefined);
    if (!agent) return null;
    const first = await api('DELETE', apiRoutes.agents.byId(agent.id), token);
    return first.status === 200 && first.body.deleted === false
      ? api('DELETE', apiRoutes.agents.byId(agent.id), token)
      : first;
  });
}

function runOperations(server: ServerProcess, token: string, operations: Operation[], round: number, trace?: string[]) {
  return Promise.allSettled(operations.map((operation) => operate(server, token, operation, round, trace)));
}

async function openIntents(db: Db): Promise<number> {
  const row = (await db('provider_intents').where({ state: 'open' }).count({ n: '*' }).first()) as {
    n: string | number;
  };
  return Number(row.n);
}

/** What the providers hold, listed through the official SDKs against the leg's sandbox (the server is down). */
async function providerState(dataDir: string) {
  const sandbox = await startSandbox({
    dataDir: path.join(dataDir, 'sandbox'),
    callDelayMs: 600_000,
    webhookUrl: () => null,
  });
  try {
    const voice = new ElevenLabsClient({
      apiKey: sandbox.elevenlabs.apiKey,
      baseUrl: sandbox.elevenlabs.baseUrl,
      maxRetries: 0,
    });
    const telephony = twilio(sandbox.twilio.accountSid, sandbox.twilio.authToken, {
      httpClient: new BaseUrlRequestClient(new URL(sandbox.twilio.baseUrl)),
    });
    const agentIds: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await voice.conversationalAi.agents.list({ pageSize: 100, ...(cursor ? { cursor } : {}) });
      agentIds.push(...page.agents.map((agent) => agent.agentId));
      cursor = page.hasMore ? page.nextCursor : undefined;
    } while (cursor);
    const owned = await telephony.incomingPhoneNumbers.list();
    const imported = await voice.conversationalAi.phoneNumbers.list();
    return {
      agentIds: agentIds.sort(),
      owned: owned.map((number) => `${number.phoneNumber} ${number.sid}`).sort(),
      imported: imported
        .map((number) => `${number.phoneNumber} ${number.phoneNumberId} ${number.assignedAgent?.agentId ?? 'nobody'}`)
        .sort(),
    };
  } finally {
    await sandbox.close();
  }
}

/** The same three lists as our database says they should be: a number answers its agent only while it is active. */
async function databaseState(db: Db) {
  const numbers: Array<{
    phone_number: string;
    twilio_sid: string;
    elevenlabs_phone_number_id: string;
    agent_active: unknown;
    agent_provider_id: string | null;
  }> = await db('phone_numbers as pn')
    .leftJoin('agents as a', 'a.id', 'pn.assigned_agent_id')
    .select(
      'pn.phone_number',
      'pn.twilio_sid',
      'pn.elevenlabs_phone_number_id',
      'a.active as agent_active',
      'a.elevenlabs_agent_id as agent_provider_id',
    );
  const agentIds = (await db('agents').whereNotNull('elevenlabs_agent_id').pluck('elevenlabs_agent_id')).map(String);
  const answeredBy = (number: (typeof numbers)[number]) =>
    (toBool(number.agent_active) && number.agent_provider_id) || 'nobody';
  return {
    agentIds: agentIds.sort(),
    owned: numbers.map((number) => `${number.phone_number} ${number.twilio_sid}`).sort(),
    imported: numbers
      .map((number) => `${number.phone_number} ${number.elevenlabs_phone_number_id} ${answeredBy(number)}`)
      .sort(),
  };
}

const onlyIn = (a: string[], b: string[]) => a.filter((item) => !b.includes(item));

describe('kill -9 during provider side effects', () => {
  it.concurrent.each(TEST_DATABASES)(
    'leaves the providers and the database in agreement, with zero orphans, after random and scripted kills (%s)',
    async (kind) => {
      const leg = await openCrashLeg(kind, {
        PROVIDER_INTENT_LEASE_SEC: String(LEASE_SEC),
        SANDBOX_CALL_DELAY_MS: '600000',
      });
      let server: ServerProcess | null = null;
      const startedAt = Date.now();
      try {
        // The first life sets up a tenant and measures how long a batch of operations takes, without a kill.
        server = await leg.start();
        const created = await apiOf(server)('POST', apiRoutes.testSupport.tenants(), undefined, {
          plan: 'enterprise',
          users: ['admin'],
        });
        const { email, password } = created.body.users[0] as Credentials;
        const admin: Credentials = { email, password };
        let token = await signIn(server, admin);
        await runOperations(server, token, ['purchase', 'purchase', 'purchase', 'create-agent', 'create-agent'], 0);
        await runOperations(server, token, ['create-agent', 'create-agent', 'create-agent', 'create-agent'], 0);
        const batchStarted = Date.now();
        await runOperations(server, token, EVERY_OPERATION, 0);
        const batchMs = Date.now() - batchStarted;
        await server.kill();

        for (let round = 1; round <= RANDOM_KILLS; round += 1) {
          server = await leg.start();
          token = await signIn(server, admin);
          const operations = runOperations(server, token, EVERY_OPERATION, round);
          await sleep(Math.random() * batchMs * 1.5);
          await server.kill();
          await operations;
        }

        const unreached: string[] = [];
        for (const [index, life] of SCRIPTED[kind].entries()) {
          const started = await leg.start(life.crashAt).catch((error: unknown) => {
            // Recovery at start-up can reach the checkpoint before the server listens: that is the crash asked for.
            if (error instanceof EndedBeforeReady && error.signal === 'SIGKILL') return null;
            throw error;
          });
          if (!started) continue;
          server = started;
          const current = server;
          const trace: string[] = [];
          const operations = signIn(current, admin)
            .then((fresh) => runOperations(current, fresh, life.operations, RANDOM_KILLS + 1 + index, trace))
            .catch((error: unknown) => void trace.push(String(error)));
          const died = await Promise.race([current.ended, sleep(SETTLE_TIMEOUT_MS).then(() => 'alive' as const)]);
          if (died !== 'SIGKILL')
            unreached.push(`${life.crashAt} (its requests: ${trace.join('; ') || 'none answered'})`);
          await current.kill();
          await operations;
        }

        // The last life only reconciles what the kills left open.
        server = await leg.start();
        const deadline = Date.now() + SETTLE_TIMEOUT_MS;
        while ((await openIntents(leg.db)) > 0 && Date.now() < deadline) await sleep(250);
        const left = await openIntents(leg.db);
        await server.stop();

        const [provider, ours] = await Promise.all([providerState(leg.dataDir), databaseState(leg.db)]);
        const orphans = {
          numbersOnlyAtTwilio: onlyIn(provider.owned, ours.owned),
          numbersOnlyWithUs: onlyIn(ours.owned, provider.owned),
          importsOnlyAtElevenLabs: onlyIn(provider.imported, ours.imported),
          importsOnlyWithUs: onlyIn(ours.imported, provider.imported),
          agentsOnlyAtElevenLabs: onlyIn(provider.agentIds, ours.agentIds),
          agentsOnlyWithUs: onlyIn(ours.agentIds, provider.agentIds),
        };
        const settled = await leg
          .db('provider_intents')
          .select('kind', 'state')
          .count({ n: '*' })
          .groupBy('kind', 'state');
        process.stdout.write(
          `[crash ${kind}] ${RANDOM_KILLS} random + ${SCRIPTED[kind].length} scripted kills in ${Math.round(
            (Date.now() - startedAt) / 1000,
          )} s; batch ${batchMs} ms; ${provider.owned.length} numbers, ${provider.agentIds.length} agents; intents ${JSON.stringify(
            settled,
          )}; orphans ${JSON.stringify(orphans)}\n`,
        );
        expect(unreached, 'checkpoints the scripted operations never reached').toEqual([]);
        expect(left, 'intents still open after the reconciler ran').toBe(0);
        expect(orphans).toEqual({
          numbersOnlyAtTwilio: [],
          numbersOnlyWithUs: [],
          importsOnlyAtElevenLabs: [],
          importsOnlyWithUs: [],
          agentsOnlyAtElevenLabs: [],
          agentsOnlyWithUs: [],
        });
        expect(provider.owned.length, 'the lives bought numbers').toBeGreaterThan(2);
        expect(provider.agentIds.length, 'the lives created agents').toBeGreaterThan(2);
      } finally {
        await server?.kill();
        await leg.drop();
      }
    },
    15 * 60_000,
  );
});
