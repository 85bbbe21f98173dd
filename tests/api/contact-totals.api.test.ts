import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactTotals, OutboundContact } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { CONTACT_STATUSES, type ContactStatus } from '@shared/schemas/contact.schema';
import { assertProperty } from '../support/property-runs';
import { createOutboundCampaign } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { importCsv } from './support/contact-imports';
import { TEST_DATABASES, type TestApp } from './support/test-app';

const { contacts } = apiRoutes;

/** One write to a campaign's contacts, by any path that adds, deletes or moves one. */
type Write =
  | { kind: 'add'; number: number }
  | { kind: 'import'; numbers: number[] }
  | { kind: 'edit'; pick: number; number: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'sync'; create: number; pick: number; remove: boolean }
  | { kind: 'claim'; limit: number; expired: boolean }
  | { kind: 'lease'; picks: number[] }
  | { kind: 'settle'; pick: number; status: ContactStatus }
  | { kind: 'release'; pick: number }
  | { kind: 'release-expired' };

const number = fc.integer({ min: 0, max: 30 });
const pick = fc.nat();
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), number }),
  fc.record({ kind: fc.constant('import' as const), numbers: fc.array(number, { minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('edit' as const), pick, number }),
  fc.record({ kind: fc.constant('delete' as const), pick }),
  fc.record({ kind: fc.constant('sync' as const), create: number, pick, remove: fc.boolean() }),
  fc.record({ kind: fc.constant('claim' as const), limit: fc.integer({ min: 1, max: 4 }), expired: fc.boolean() }),
  fc.record({ kind: fc.constant('lease' as const), picks: fc.array(pick, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('settle' as const), pick, status: fc.constantFrom(...CONTACT_STATUSES) }),
  fc.record({ kind: fc.constant('release' as const), pick }),
  fc.record({ kind: fc.constant('release-expired' as const) }),
);

/** Numbers of the campaign's country (New Zealand mobiles), some of them repeated on purpose. */
const phoneOf = (n: number) => `+6421555${String(3000 + n)}`;

describe.each(TEST_DATABASES)('contact totals (%s)', (kind) => {
  const suite = useApiSuite(kind, {
    tenant: { outboundCallingEnabled: true, planTerms: { maxAgents: 10, maxCampaigns: 100 } },
  });
  let app: TestApp;
  let admin: string;
  /** Two campaigns, so that a write counted against the wrong one shows; each run writes on from where the last ended. */
  let campaigns: string[];

  beforeAll(async () => {
    app = suite.app;
    admin = suite.tenant.admin.token;
    campaigns = [
      (await createOutboundCampaign(app, admin)).campaignId,
      (await createOutboundCampaign(app, admin)).campaignId,
    ];
  });

  const page = async (campaignId: string) =>
    expectStatus(
      await app.request('GET', `${contacts.collection(campaignId)}?limit=200`, { token: admin }),
      200,
      'contacts page',
    ).body as { contacts: OutboundContact[]; totals: ContactTotals; matching: number };

  /** What a full count of the campaign's rows says. */
  async function counted(campaignId: string): Promise<ContactTotals> {
    const rows = (await app.deps
      .db('outbound_contacts')
      .where({ campaign_id: campaignId })
      .groupBy('status')
      .select('status')
      .count({ n: '*' })) as Array<{ status: ContactStatus; n: number | string }>;
    const totals: ContactTotals = { pending: 0, in_progress: 0, completed: 0, failed: 0, total: 0 };
    for (const row of rows) {
      totals[row.status] = Number(row.n);
      totals.total += Number(row.n);
    }
    return totals;
  }

  async function apply(campaignId: string, step: Write, leases: Map<string, string>): Promise<void> {
    const { contactDialing } = app.built.services;
    const all = (await page(campaignId)).contacts;
    const nth = (n: number, among = all) => among[n % Math.max(among.length, 1)];
    const inProgress = all.filter((contact) => contact.status === 'in_progress');
    switch (step.kind) {
      case 'add':
        await app.request('POST', contacts.collection(campaignId), {
          token: admin,
          body: { phoneNumber: phoneOf(step.number) },
        });
        return;
      case 'import':
        await importCsv(app, admin, campaignId, ['phone', ...step.numbers.map(phoneOf)].join('\n'));
        return;
      case 'edit': {
        const target = nth(step.pick);
        if (target) {
          await app.request('PATCH', contacts.byId(target.id), {
            token: admin,
            body: { phoneNumber: phoneOf(step.number), metadata: { note: 'edited' } },
          });
        }
        return;
      }
      case 'delete': {
        const target = nth(step.pick);
        if (target) await app.request('DELETE', contacts.byId(target.id), { token: admin });
        return;
      }
      case 'sync': {
        const target = nth(step.pick);
        const changes: object[] = [{ key: 'new', op: 'create', phoneNumber: phoneOf(step.create) }];
        if (target && step.remove) {
          changes.push({ key: 'gone', op: 'delete', contactId: target.id, baseVersion: target.version });
        }
        await app.request('POST', contacts.sync(campaignId), {
          token: admin,
          body: { changes },
          headers: { 'idempotency-key': randomUUID() },
        });
        return;
      }
      case 'claim': {
        const token = randomUUID();
        // A lease already past its end stands for a worker that died holding it.
        const claimed = await contactDialing.claimDue(campaignId, step.limit, token, step.expired ? -60 : 600);
        for (const contact of claimed) leases.set(contact.id, token);
        return;
      }
      case 'lease': {
        const token = randomUUID();
        const ids = step.picks.flatMap((n) => nth(n)?.id ?? []);
        for (const contact of await contactDialing.leasePending(campaignId, ids, token, 600)) {
          leases.set(contact.id, token);
        }
        return;
      }
      case 'settle': {
        const target = nth(step.pick, inProgress);
        if (target) {
          const outcome = { status: step.status, nextAttemptAt: null, conversationId: null };
          await app.deps.db.transaction((trx) => contactDialing.settle(trx, target.id, outcome));
        }
        return;
      }
      case 'release': {
        const target = nth(step.pick, inProgress);
        if (target) await contactDialing.release([target.id], leases.get(target.id) ?? '', null);
        return;
      }
      case 'release-expired':
        await contactDialing.releaseExpired();
        return;
    }
  }

  it('equal a full count of the campaign after any sequence of writes, by every path', async () => {
    // Sized by time: each example is a dozen HTTP writes and counts, 1–3 s on a loaded machine.
    await assertProperty(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), write), { minLength: 1, maxLength: 12 }), async (steps) => {
        const leases = new Map<string, string>();
        for (const [second, step] of steps) await apply(campaigns[second ? 1 : 0] as string, step, leases);
        for (const campaignId of campaigns) {
          const shown = await page(campaignId);
          expect(shown.totals).toEqual(await counted(campaignId));
          expect(shown.matching).toBe(shown.totals.total);
        }
      }),
      { minRuns: 3, numRuns: 12, budgetMs: 12_000 },
    );
  });
});
