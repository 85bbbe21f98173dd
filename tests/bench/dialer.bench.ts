import { randomUUID } from 'node:crypto';
import { dialectOf } from '../../server/src/db/dialect';
import type { Db } from '../../server/src/db/database';
import { newId } from '../../server/src/lib/ids';
import { startTestApp, type DatabaseKind, type TestApp } from '../api/support/test-app';
import { claimAgainstKeyFetch } from './claim-timing';
import { median, type BenchResult } from './harness';

/**
 * D1: the dialer's claim of 50 due contacts in a 100k-contact campaign (the lease, through the dialect's claim)
 * against a primary-key fetch of 50 rows of the same table. D2: four dialer workers draining one campaign — each
 * leasing a contact, turning it into an attempt and settling it, as the dialer does — against one worker: no contact
 * may get two attempts, and four must drain at least 1.5 times as fast.
 */
const CONTACTS = 100_000;
const CLAIM = 50;
const REPETITIONS = 9;
const DRAIN_CONTACTS = 2_000;

async function seedCampaign(app: TestApp, contacts: number): Promise<{ tenantId: string; campaignId: string }> {
  const db = app.deps.db;
  const tenant = (await db('tenants').where({ subdomain: 'demo' }).first('id')) as { id: string };
  const campaignId = randomUUID();
  const now = new Date().toISOString();
  await db('campaigns').insert({
    id: campaignId,
    tenant_id: tenant.id,
    name: `Bench ${campaignId.slice(0, 6)}`,
    goal: 'Measure the dialer',
    campaign_type: 'outbound',
    days_of_week: JSON.stringify(['monday']),
    created_at: now,
    updated_at: now,
  });
  const columns = ['id', 'tenant_id', 'campaign_id', 'phone_number', 'metadata', 'created_at', 'updated_at'];
  const rows = Array.from({ length: contacts }, (_, i) => [
    newId(),
    tenant.id,
    campaignId,
    `+6421${String(i).padStart(7, '0')}`,
    '{}',
    now,
    now,
  ]);
  await dialectOf(db).bulkInsert(db, 'outbound_contacts', columns, rows);
  await db.raw(app.kind === 'postgres' ? 'analyze outbound_contacts' : 'analyze');
  return { tenantId: tenant.id, campaignId };
}

export async function benchDialerClaim(kind: DatabaseKind): Promise<BenchResult> {
  const app = await startTestApp(kind, { config: { runWorkers: false } });
  try {
    const { campaignId } = await seedCampaign(app, CONTACTS);
    const { ours, bare } = await claimAgainstKeyFetch(app, campaignId, CLAIM, REPETITIONS);
    const ratio = ours / bare;
    return {
      id: kind === 'postgres' ? 'D1' : 'D1s',
      workload: `claim ${CLAIM} due contacts of a ${CONTACTS / 1000}k campaign (${kind})`,
      ours,
      limit: bare,
      unit: 'ms',
      ratio,
      target: '≤ 5×',
      pass: ratio <= 5,
    };
  } finally {
    await app.close();
  }
}

/** Drains the campaign with `workers` concurrent loops; resolves to contacts settled per second. */
async function drain(app: TestApp, campaignId: string, workers: number): Promise<number> {
  const { contactDialing, dialer } = app.built.services;
  const db: Db = app.deps.db;
  const started = process.hrtime.bigint();
  const worker = async () => {
    for (;;) {
      const token = newId();
      const [contact] = await contactDialing.claimDue(campaignId, 1, token, 60);
      if (!contact) return;
      const attempt = await dialer.recordAttempt(campaignId, contact, token, new Date(Date.now() + 60_000));
      if (!attempt) continue;
      await db.transaction(async (trx) => {
        await trx('call_attempts')
          .where({ id: attempt.id })
          .update({ status: 'completed', outcome: 'answered', ended_at: new Date().toISOString() });
        await contactDialing.settle(trx, contact.id, {
          status: 'completed',
          nextAttemptAt: null,
          conversationId: null,
        });
      });
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return DRAIN_CONTACTS / seconds;
}

export async function benchDialerWorkers(kind: DatabaseKind): Promise<BenchResult> {
  const app = await startTestApp(kind, { config: { runWorkers: false } });
  try {
    const one: number[] = [];
    const four: number[] = [];
    let duplicates = 0;
    for (let rep = 0; rep < 3; rep += 1) {
      for (const [workers, rates] of [
        [1, one],
        [4, four],
      ] as const) {
        const { campaignId } = await seedCampaign(app, DRAIN_CONTACTS);
        rates.push(await drain(app, campaignId, workers));
        const twice = await app.deps
          .db('call_attempts')
          .where({ campaign_id: campaignId })
          .groupBy('contact_id')
          .havingRaw('count(*) > 1')
          .select('contact_id');
        duplicates += twice.length;
      }
    }
    const ours = median(four);
    const limit = median(one);
    const ratio = ours / limit;
    return {
      id: kind === 'postgres' ? 'D2' : 'D2s',
      workload: `4 workers draining a ${DRAIN_CONTACTS}-contact campaign (${kind})`,
      ours,
      limit,
      unit: 'contacts/s',
      ratio,
      target: '≥ 1.5×, 0 dup',
      note: `${duplicates} duplicates`,
      pass: duplicates === 0 && ratio >= 1.5,
    };
  } finally {
    await app.close();
  }
}
