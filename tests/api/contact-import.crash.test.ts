import { describe, expect, it } from 'vitest';
import type { ContactImport, ImportSkipReason } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import type { Db } from '../../server/src/db/database';
import { openCrashLeg } from './support/crash-leg';
import { createOutboundCampaign, freshTenant, type FreshTenant } from './support/api-actions';
import { createApiClient, expectStatus, type ApiClient } from './support/api-client';
import { eventually } from './support/eventually';
import { TEST_DATABASES } from './support/test-app';

/**
 * A 100,000-row import through the real server on each database: killed (kill -9) inside its write transaction and
 * at a random moment of its run, it leaves no contact of the file behind, or all of them; run to the end, its
 * report names exactly the invalid, duplicate, wrong-length and do-not-call rows the file was made with.
 */
const ROWS = 100_000;
const IMPORT_TIMEOUT_MS = 180_000;

const numberOf = (i: number) => `+6421${1_000_000 + i}`;

/** What the file's generator put at each row (index from 0; the file's row is index + 2). */
function planOf(i: number): ImportSkipReason | 'imported' {
  if (i % 100 === 7) return 'invalid_number';
  if (i % 100 === 13) return 'duplicate';
  if (i % 1000 === 500) return 'wrong_column_count';
  if (i % 5000 === 1) return 'do_not_call';
  return 'imported';
}

function hundredThousandRows(): string {
  const lines = ['phone,name,city'];
  for (let i = 0; i < ROWS; i++) {
    const plan = planOf(i);
    if (plan === 'invalid_number') lines.push(`12ab${i},Invalid ${i},Hamilton`);
    else if (plan === 'duplicate') lines.push(`${numberOf(i - 1)},Again ${i},Napier`);
    else if (plan === 'wrong_column_count') lines.push(`${numberOf(i)},Short ${i}`);
    else lines.push(`${numberOf(i)},Person ${i},Auckland`);
  }
  return lines.join('\n');
}

const EXPECTED: Record<ImportSkipReason | 'imported', number[]> = {
  imported: [],
  invalid_number: [],
  duplicate: [],
  wrong_column_count: [],
  do_not_call: [],
  invalid_timezone: [],
  invalid_consent: [],
};
for (let i = 0; i < ROWS; i++) EXPECTED[planOf(i)].push(i + 2);

async function startImport(client: ApiClient, token: string, campaignId: string, csv: string): Promise<string> {
  const res = await client.request('POST', apiRoutes.contacts.import(campaignId), {
    token,
    raw: csv,
    headers: { 'content-type': 'text/csv' },
  });
  return (expectStatus(res, 202, 'import').body.import as ContactImport).id;
}

const contactsOf = async (db: Db, campaignId: string) =>
  Number((await db('outbound_contacts').where({ campaign_id: campaignId }).count({ n: '*' }).first())?.n);

describe.each(TEST_DATABASES)('100k-row import under kill -9 (%s)', (kind) => {
  it(
    'writes all of the file or nothing, and reports exactly the rows it skipped',
    async () => {
      const leg = await openCrashLeg(kind);
      const csv = hundredThousandRows();
      try {
        // Life 1: dies inside the write transaction, after every contact was inserted and before the commit.
        let server = await leg.start('contact-import:inserted');
        let client = createApiClient(server.baseUrl);
        const tenant: FreshTenant = await freshTenant(client, {
          outboundCallingEnabled: true,
          planTerms: { maxCampaigns: 10, maxAgents: 10 },
        });
        const signIn = async () =>
          (
            await client.request('POST', apiRoutes.auth.login(), {
              body: { email: tenant.admin.email, password: tenant.admin.password },
            })
          ).body.accessToken as string;
        let token = tenant.admin.token;
        const listed = EXPECTED.do_not_call.map((row) => numberOf(row - 2));
        expectStatus(
          await client.request('POST', apiRoutes.doNotCall.import(), {
            token,
            raw: ['phone', ...listed].join('\n'),
            headers: { 'content-type': 'text/csv' },
          }),
          200,
          'do-not-call list',
        );
        const { campaignId } = await createOutboundCampaign(client, token);
        const crashed = await startImport(client, token, campaignId, csv);
        expect(await server.ended).toBe('SIGKILL');
        expect(await contactsOf(leg.db, campaignId)).toBe(0);
        expect((await leg.db('contact_imports').where({ id: crashed }).first('status'))?.status).toBe('running');

        // Life 2: a random kill during a second campaign's import leaves all of its contacts or none.
        server = await leg.start();
        client = createApiClient(server.baseUrl);
        token = await signIn();
        const { campaignId: second } = await createOutboundCampaign(client, token);
        await startImport(client, token, second, csv);
        await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 4000));
        await server.kill();
        expect([0, EXPECTED.imported.length]).toContain(await contactsOf(leg.db, second));

        // Life 3: the same file runs to the end and reports each skipped row.
        server = await leg.start();
        client = createApiClient(server.baseUrl);
        token = await signIn();
        const { campaignId: third } = await createOutboundCampaign(client, token);
        const id = await startImport(client, token, third, csv);
        const done = await eventually(async () => {
          const current = (await client.request('GET', apiRoutes.contacts.importById(id), { token })).body
            .import as ContactImport;
          if (current.status !== 'finished') throw new Error(`import ${current.status}`);
          return current;
        }, IMPORT_TIMEOUT_MS);
        await server.stop();
        const report = done.report!;
        expect(report.totalRows).toBe(ROWS);
        expect(report.imported).toBe(EXPECTED.imported.length);
        for (const reason of ['invalid_number', 'duplicate', 'wrong_column_count', 'do_not_call'] as const) {
          expect(report.skipped[reason], reason).toBe(EXPECTED[reason].length);
          expect(
            report.issues.filter((issue) => issue.reason === reason).map((issue) => issue.row),
            reason,
          ).toEqual(EXPECTED[reason]);
        }
        expect(await contactsOf(leg.db, third)).toBe(EXPECTED.imported.length);
      } finally {
        await leg.drop();
      }
    },
    IMPORT_TIMEOUT_MS * 3,
  );
});
