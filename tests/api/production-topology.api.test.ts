import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { DAYS_OF_WEEK, isCallAllowed, type CalledParty, type CampaignWindow } from '@shared/domain/calling-window';
import { openDatabase } from '../../server/src/db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/src/db/seeds/demo-accounts';
import { DEMO_TENANT_IDS } from '../../server/src/db/seeds/demo.seed';
import { buyNumber, createAgent, OUTBOUND_DISCLOSURE, outboundCampaign, signIn } from './support/api-actions';
import { createApiClient, expectStatus, type ApiClient } from './support/api-client';
import { eventually } from './support/eventually';
import { startEntryProcess, startServerProcess, testServerEnv, type ServerProcess } from './support/server-process';
import { createPostgresDatabase } from './support/test-app';

/**
 * Production's shape with no vendor keys: the sandbox in a process of its own, a server that runs no workers, and two
 * `npm run workers` processes, all on one PostgreSQL. Three outbound campaigns of two contacts each run to the end:
 * calls placed by the workers through the sandbox, webhooks from the sandbox to the server, no contact dialled twice.
 */

const POSTGRES = process.env.PARLEY_TEST_POSTGRES_URL;
const CAMPAIGNS = 3;
const CONTACTS_PER_CAMPAIGN = 2;
/** Two contacts a campaign, a minute apart (the shortest interval), plus starting four processes on a busy machine. */
const FINISH_TIMEOUT_MS = 240_000;
const START_TIMEOUT_MS = 300_000;

const ALL_HOURS: CampaignWindow = {
  callingHoursType: 'all_hours',
  callingStartTime: '00:00',
  callingEndTime: '00:00',
  timezone: 'UTC',
  daysOfWeek: DAYS_OF_WEEK,
};

/**
 * Numbers in places with different legal calling hours (last digits 0 to 5: the sandbox answers them); the test calls
 * the first place where calls are allowed now and for its whole run, whatever the hour it runs at.
 */
const PLACES: Array<CalledParty & { numbers: (index: number) => string }> = [
  ...['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Pacific/Honolulu'].map((timezone) => ({
    country: 'US',
    timezone,
    numbers: (index: number) => `+1201555010${index}`,
  })),
  { country: 'AU', timezone: 'Australia/Perth', numbers: (index) => `+6141234560${index}` },
  { country: 'AU', timezone: 'Australia/Sydney', numbers: (index) => `+6141234560${index}` },
  { country: 'NZ', timezone: 'Pacific/Auckland', numbers: (index) => `+642100010${index}` },
  // A UK mobile range libphonenumber holds valid (07700 900xxx, the drama range, is not).
  { country: 'GB', timezone: 'Europe/London', numbers: (index) => `+44791100010${index}` },
];

function placeOpenNow(): (typeof PLACES)[number] {
  const now = Date.now();
  const open = PLACES.find((place) =>
    [0, 5, 10, 15].every((minutes) => isCallAllowed(new Date(now + minutes * 60_000), ALL_HOURS, place)),
  );
  if (!open) throw new Error('no test place has legal calling hours for the next 15 minutes');
  return open;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!POSTGRES)('production topology in the sandbox (postgres)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-topology-'));
  const processes: ServerProcess[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let db: Knex;
  let sandboxUrl: string;
  let client: ApiClient;
  let token: string;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    db = openDatabase({ databaseUrl: database.url, dataDir });
    const serverPort = await freePort();
    const sandbox = await startEntryProcess(
      'server/src/sandbox-main.ts',
      {
        SANDBOX_PORT: '0',
        SANDBOX_DATA_DIR: path.join(dataDir, 'vendors'),
        PARLEY_URL: `http://127.0.0.1:${serverPort}`,
        SANDBOX_CALL_DELAY_MS: '500',
        LOG_LEVEL: 'warn',
      },
      /Parley sandbox is running at (http:\/\/\S+)/,
    );
    processes.push(sandbox);
    sandboxUrl = sandbox.baseUrl;
    const env = testServerEnv(dataDir, database.url, {
      SANDBOX_URL: sandboxUrl,
      JWT_SECRET: 'topology-test-secret-of-at-least-32-characters',
      DIALER_CALLS_PER_SECOND: '20',
    });
    const server = await startServerProcess({ ...env, PORT: String(serverPort), RUN_WORKERS: 'false' });
    processes.push(server);
    // The workers log at info level: "workers running" says they take jobs.
    const workers = await Promise.all(
      ['one', 'two'].map((name) =>
        startEntryProcess('server/src/workers.ts', { ...env, WORKER_NAME: name, LOG_LEVEL: 'info' }, /workers running/),
      ),
    );
    processes.push(...workers);
    client = createApiClient(server.baseUrl);
    token = (await signIn(client, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD)).accessToken;
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(processes.reverse().map((child) => child.stop()));
    await db?.destroy();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  /** An agent on a number of its own and a running campaign with its contacts; resolves to the campaign's id. */
  async function runningCampaign(index: number, place: (typeof PLACES)[number]): Promise<string> {
    const number = await buyNumber(client, token, { friendlyName: `Line ${index}` });
    const agent = expectStatus(
      await createAgent(client, token, {
        name: `Ava ${index}`,
        phoneNumberId: number.id,
        disclosure: OUTBOUND_DISCLOSURE,
      }),
      201,
      'agent',
    ).body.agent;
    const created = await client.request('POST', apiRoutes.campaigns.collection(), {
      token,
      body: {
        ...outboundCampaign(agent.id),
        name: `Recall ${index}`,
        callingHoursType: 'all_hours',
        daysOfWeek: DAYS_OF_WEEK,
      },
    });
    const campaignId = expectStatus(created, 201, 'campaign').body.campaign.id as string;
    for (let contact = 0; contact < CONTACTS_PER_CAMPAIGN; contact += 1) {
      const added = await client.request('POST', apiRoutes.contacts.collection(campaignId), {
        token,
        body: { phoneNumber: place.numbers(contact), metadata: { timezone: place.timezone, firstName: 'Aroha' } },
      });
      expectStatus(added, 201, 'contact');
    }
    expectStatus(await client.request('POST', apiRoutes.campaigns.resume(campaignId), { token }), 200, 'start');
    return campaignId;
  }

  it(
    'runs outbound campaigns to the end: workers dial through the sandbox, its webhooks reach the server',
    async () => {
      const tenantId = DEMO_TENANT_IDS.demo;
      // Room for three agents, numbers and campaigns, and outbound calling on.
      const plan = await db('plans').where('max_agents', '>=', CAMPAIGNS).orderBy('max_agents').first('id');
      await db('tenants').where({ id: tenantId }).update({ plan: plan.id, outbound_calling_enabled: true });

      const place = placeOpenNow();
      const campaignIds: string[] = [];
      for (let index = 0; index < CAMPAIGNS; index += 1) campaignIds.push(await runningCampaign(index, place));

      const contacts = await eventually(async () => {
        const rows = await db('outbound_contacts').whereIn('campaign_id', campaignIds).select('id', 'status');
        expect(rows).toHaveLength(CAMPAIGNS * CONTACTS_PER_CAMPAIGN);
        expect(rows.map((row: { status: string }) => row.status)).toEqual(rows.map(() => 'completed'));
        return rows as Array<{ id: string }>;
      }, FINISH_TIMEOUT_MS);

      const attempts = await db('call_attempts')
        .whereIn('campaign_id', campaignIds)
        .select('contact_id', 'status', 'conversation_id');
      expect(attempts).toHaveLength(contacts.length);
      expect(new Set(attempts.map((attempt: { contact_id: string }) => attempt.contact_id)).size).toBe(contacts.length);
      expect(attempts.every((attempt: { status: string }) => attempt.status === 'completed')).toBe(true);
      const conversationIds = new Set(attempts.map((attempt: { conversation_id: string }) => attempt.conversation_id));
      expect(conversationIds.size).toBe(contacts.length);

      for (const campaignId of campaignIds) {
        const progress = await client.request('GET', apiRoutes.dialer.progress(campaignId), { token });
        expect(expectStatus(progress, 200, 'progress').body.contactsByStatus).toMatchObject({
          pending: 0,
          in_progress: 0,
          completed: CONTACTS_PER_CAMPAIGN,
        });
      }
      // The sandbox process placed exactly these calls: one conversation a contact.
      const credentials = (await (await fetch(`${sandboxUrl}/sandbox/credentials`)).json()) as {
        elevenlabs: { apiKey: string };
      };
      const listed = (await (
        await fetch(`${sandboxUrl}/elevenlabs/v1/convai/conversations?page_size=100`, {
          headers: { 'xi-api-key': credentials.elevenlabs.apiKey },
        })
      ).json()) as { conversations: Array<{ conversation_id: string }> };
      expect(new Set(listed.conversations.map((conversation) => conversation.conversation_id))).toEqual(
        conversationIds,
      );
    },
    FINISH_TIMEOUT_MS + 120_000,
  );
});

describe('workers apart from the server', () => {
  it('refuse an embedded sandbox, saying what to set', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-workers-'));
    try {
      await expect(
        startEntryProcess('server/src/workers.ts', testServerEnv(dataDir, undefined, {}), /workers running/),
      ).rejects.toThrow('start `npm run sandbox` and set SANDBOX_URL (e.g. http://127.0.0.1:4010)');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
