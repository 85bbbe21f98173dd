import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { apiRoutes } from '@shared/api/routes';
import type { ContactImport } from '@shared/api/contacts.types';
import { writingContacts } from '../../server/src/modules/contacts/contact-totals.store';
import { insertImportedContacts, type ImportedContact } from '../../server/src/modules/contacts/contacts.store';
import { createOutboundCampaign, freshTenant, type FreshTenant } from '../api/support/api-actions';
import { expectStatus } from '../api/support/api-client';
import { startTestApp, type DatabaseKind, type TestApp } from '../api/support/test-app';
import { interleave, median, type BenchResult } from './harness';

/**
 * I1 (PostgreSQL) and I2 (SQLite): a 100,000-contact CSV imported end to end — sent over HTTP, parsed, numbers read
 * and normalised, deduplicated against the file, the campaign and the do-not-call list, written in one transaction by
 * the import job — against a bare twin that parses the same text with papaparse and writes the same rows with COPY
 * (PostgreSQL) or one prepared insert in one transaction (SQLite). L1: the contacts page 1000 (100 a page) of that
 * campaign against page 1, through the API.
 */
const ROWS = 100_000;
const REPETITIONS = 3;
const PAGE_SIZE = 100;
const PAGE_REPETITIONS = 30;

/** The file: E.164 numbers, as an export writes them, with two metadata columns. */
function contactsCsv(rows: number): string {
  const lines = ['phoneNumber,name,city'];
  for (let i = 0; i < rows; i++) lines.push(`+6421${String(1_000_000 + i)},Person ${i},Auckland`);
  return lines.join('\n');
}

async function timeOurs(app: TestApp, tenant: FreshTenant, csv: string, rows: number): Promise<number> {
  const token = tenant.admin.token;
  const { campaignId } = await createOutboundCampaign(app, token);
  const started = performance.now();
  const res = await app.request('POST', apiRoutes.contacts.import(campaignId), {
    token,
    raw: csv,
    headers: { 'content-type': 'text/csv' },
  });
  const { id } = expectStatus(res, 202, 'import').body.import as ContactImport;
  for (;;) {
    const current = (await app.request('GET', apiRoutes.contacts.importById(id), { token })).body
      .import as ContactImport;
    if (current.status === 'finished') {
      if (current.report?.imported !== rows) throw new Error(`imported ${current.report?.imported}`);
      return performance.now() - started;
    }
    if (current.status === 'failed') throw new Error(`import failed: ${current.error}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function timeBare(app: TestApp, tenant: FreshTenant, csv: string): Promise<number> {
  const { campaignId } = await createOutboundCampaign(app, tenant.admin.token);
  const { db } = app.deps;
  const started = performance.now();
  const [, ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' }).data;
  const now = new Date().toISOString();
  const contacts: ImportedContact[] = rows.map((row) => ({
    id: randomUUID(),
    phoneNumber: row[0] ?? '',
    maxRetries: 3,
    retryDelayMinutes: 30,
    metadata: { name: row[1] ?? '', city: row[2] ?? '' },
    timezones: ['Pacific/Auckland'],
    timezoneSource: 'number',
    consent: null,
  }));
  await writingContacts(db, (trx, totals) => insertImportedContacts(trx, totals, tenant.id, campaignId, contacts, now));
  return performance.now() - started;
}

async function pageTime(app: TestApp, token: string, path: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < PAGE_REPETITIONS; i++) {
    const started = performance.now();
    expectStatus(await app.request('GET', path, { token }), 200, 'page');
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchContactImport(kind: DatabaseKind): Promise<BenchResult[]> {
  // A fresh connection per request: a reused one could meet the server's keep-alive close after a long import.
  const dispatcher = getGlobalDispatcher();
  setGlobalDispatcher(new Agent({ pipelining: 0 }));
  const app = await startTestApp(kind, { config: { sandboxCallDelayMs: 20 } });
  try {
    const tenant = await freshTenant(app, {
      outboundCallingEnabled: true,
      planTerms: { maxAgents: 100, maxCampaigns: 100 },
    });
    const csv = contactsCsv(ROWS);
    // Warm-up: both paths once, so that neither pays for first-use compilation.
    await timeOurs(app, tenant, contactsCsv(1000), 1000);
    await timeBare(app, tenant, contactsCsv(1000));
    const { ours, bare } = await interleave(
      REPETITIONS,
      () => timeOurs(app, tenant, csv, ROWS),
      () => timeBare(app, tenant, csv),
    );
    const importId = kind === 'postgres' ? 'I1' : 'I2';
    const importLimit = kind === 'postgres' ? 2.0 : 1.5;
    const results: BenchResult[] = [
      {
        id: importId,
        workload: `import 100k contacts end to end (${kind})`,
        ours: ours / 1000,
        limit: bare / 1000,
        unit: 's',
        ratio: ours / bare,
        target: `≤ ${importLimit.toFixed(1)}×`,
        pass: ours / bare <= importLimit,
        note: kind === 'postgres' ? 'vs papaparse + COPY' : 'vs papaparse + prepared insert',
      },
    ];

    if (kind === 'sqlite') {
      // L1 on the last imported campaign: 100k contacts, page 1000 of 100 a page.
      const campaign = await app.deps
        .db('outbound_contacts')
        .where({ tenant_id: tenant.id })
        .groupBy('campaign_id')
        .havingRaw('count(*) = ?', [ROWS])
        .first('campaign_id');
      const campaignId = String(campaign?.campaign_id);
      const before = await app.deps
        .db('outbound_contacts')
        .where({ campaign_id: campaignId })
        .orderBy('id')
        .offset(PAGE_SIZE * 999 - 1)
        .first('id');
      const base = `${apiRoutes.contacts.collection(campaignId)}?limit=${PAGE_SIZE}`;
      const token = tenant.user.token;
      const first = await pageTime(app, token, base);
      const thousandth = await pageTime(app, token, `${base}&after=${String(before?.id)}`);
      results.push({
        id: 'L1',
        workload: 'contacts page 1000 of a 100k campaign (sqlite)',
        ours: thousandth,
        limit: first,
        unit: 'ms',
        ratio: thousandth / first,
        target: '≤ 2×',
        pass: thousandth / first <= 2,
        note: 'vs page 1',
      });
    }
    return results;
  } finally {
    await app.close();
    setGlobalDispatcher(dispatcher);
  }
}
