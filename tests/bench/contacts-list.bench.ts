import { fork } from 'node:child_process';
import path from 'node:path';
import { apiRoutes } from '@shared/api/routes';
import { newSequentialId } from '../../server/src/lib/ids';
import { writingContacts } from '../../server/src/modules/contacts/contact-totals.store';
import { insertImportedContacts, type ImportedContact } from '../../server/src/modules/contacts/contacts.store';
import { createOutboundCampaign, freshTenant } from '../api/support/api-actions';
import { startTestApp, type DatabaseKind, type TestApp } from '../api/support/test-app';
import { median, type BenchResult } from './harness';
import type { LoadRequest, LoadResult } from './load-generator';

/**
 * N1 and L2: one tenant hammers the contacts list of a 100,000-contact campaign at 50 connections. N1: another
 * tenant's GET /api/agents p99 meanwhile, against its p99 when the server is idle. L2: the list's own p99, against the
 * same list of a 1-contact campaign. The 100k contacts are written with the dialect's bulk insert, not over HTTP.
 */
const CONTACTS = 100_000;
const CONNECTIONS = 50;
const NEIGHBOUR_CONNECTIONS = 2;
const RUN_MS = 3000;
/** BENCHMARKS: medians of at least 5 interleaved repetitions; the idle p99 of a single 3 s run swings twofold. */
const REPETITIONS = 7;

function generator() {
  return fork(path.join(import.meta.dirname, 'load-generator.ts'), [], { execArgv: ['--import', 'tsx'] });
}

function load(child: ReturnType<typeof generator>, request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as LoadResult));
    child.send(request);
  });
}

async function seedContacts(app: TestApp, tenantId: string, campaignId: string, count: number): Promise<void> {
  const now = new Date().toISOString();
  const contacts: ImportedContact[] = Array.from({ length: count }, (_, i) => ({
    id: newSequentialId(),
    phoneNumber: `+6421${String(1_000_000 + i)}`,
    maxRetries: 3,
    retryDelayMinutes: 30,
    metadata: { name: `Person ${i}` },
    timezones: ['Pacific/Auckland'],
    timezoneSource: 'number',
    consent: null,
  }));
  await writingContacts(app.deps.db, (trx, totals) =>
    insertImportedContacts(trx, totals, tenantId, campaignId, contacts, now),
  );
  await app.deps.db.raw(app.kind === 'postgres' ? 'analyze outbound_contacts' : 'analyze');
}

export async function benchContactsList(kind: DatabaseKind): Promise<BenchResult[]> {
  const app = await startTestApp(kind);
  const hammer = generator();
  const probe = generator();
  try {
    const tenantTerms = { outboundCallingEnabled: true, planTerms: { maxAgents: 10, maxCampaigns: 10 } };
    const [loud, quiet] = [await freshTenant(app, tenantTerms), await freshTenant(app, tenantTerms)];
    const big = (await createOutboundCampaign(app, loud.admin.token)).campaignId;
    const small = (await createOutboundCampaign(app, loud.admin.token)).campaignId;
    await seedContacts(app, loud.id, big, CONTACTS);
    await seedContacts(app, loud.id, small, 1);
    const list = (campaignId: string): LoadRequest => ({
      url: `${app.baseUrl}${apiRoutes.contacts.collection(campaignId)}?limit=50`,
      headers: { authorization: `Bearer ${loud.user.token}` },
      connections: CONNECTIONS,
      durationMs: RUN_MS,
    });
    const agents: LoadRequest = {
      url: `${app.baseUrl}${apiRoutes.agents.collection()}`,
      headers: { authorization: `Bearer ${quiet.admin.token}` },
      connections: NEIGHBOUR_CONNECTIONS,
      durationMs: RUN_MS,
    };
    const checked = (result: LoadResult, what: string) => {
      if (result.errors) throw new Error(`${result.errors} requests of ${what} failed, first: ${result.firstFailure}`);
      return result;
    };
    // Warm-up of both paths.
    await Promise.all([load(hammer, list(big)), load(probe, agents)]);
    const idle: number[] = [];
    const busy: number[] = [];
    const bigList: number[] = [];
    const smallList: number[] = [];
    for (let i = 0; i < REPETITIONS; i += 1) {
      idle.push(checked(await load(probe, agents), 'the idle agents list').p99Ms);
      const [hammered, neighbour] = await Promise.all([load(hammer, list(big)), load(probe, agents)]);
      bigList.push(checked(hammered, 'the 100k list').p99Ms);
      busy.push(checked(neighbour, 'the agents list').p99Ms);
      smallList.push(checked(await load(hammer, list(small)), 'the 1-contact list').p99Ms);
    }
    const [idleP99, busyP99, bigP99, smallP99] = [idle, busy, bigList, smallList].map(median) as [
      number,
      number,
      number,
      number,
    ];
    const pairRatios = busy.map((p99, i) => p99 / (idle[i] as number)).sort((a, b) => a - b);
    const db = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const suffix = kind === 'sqlite' ? '' : 'pg';
    return [
      {
        id: `N1${suffix}`,
        workload: `other tenant's agents list while a 100k list takes ${CONNECTIONS} conns (${db}, p99)`,
        ours: busyP99,
        limit: idleP99,
        unit: 'ms',
        ratio: busyP99 / idleP99,
        target: '≤ 2×',
        pass: busyP99 / idleP99 <= 2,
        note: `vs the same list idle; ${REPETITIONS} pairs, busy/idle ${pairRatios[0]?.toFixed(2)}–${pairRatios.at(-1)?.toFixed(2)}×`,
      },
      {
        id: `L2${suffix}`,
        workload: `contacts list of a 100k campaign at ${CONNECTIONS} conns (${db}, p99)`,
        ours: bigP99,
        limit: smallP99,
        unit: 'ms',
        ratio: bigP99 / smallP99,
        target: '≤ 10×',
        pass: bigP99 / smallP99 <= 10,
        note: 'vs a 1-contact campaign',
      },
    ];
  } finally {
    hammer.disconnect();
    probe.disconnect();
    await app.close();
  }
}
