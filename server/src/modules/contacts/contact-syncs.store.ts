import type { Knex } from 'knex';
import type { ContactSyncResult } from '@shared/api/contact-sync.types';
import { parseJson } from '../../db/database';

/** A draft sync's claim on its Idempotency-Key and, once it has run, the answer it gave. */
export interface ContactSyncRecord {
  campaignId: string;
  results: ContactSyncResult[];
}

export async function findContactSync(
  db: Knex | Knex.Transaction,
  tenantId: string,
  idempotencyKey: string,
): Promise<ContactSyncRecord | undefined> {
  const row = (await db('contact_syncs')
    .where({ tenant_id: tenantId, idempotency_key: idempotencyKey })
    .first('campaign_id', 'report')) as { campaign_id: string; report: string } | undefined;
  return row ? { campaignId: row.campaign_id, results: parseJson<ContactSyncResult[]>(row.report, []) } : undefined;
}

/**
 * Claims the key inside the sync's transaction: a second sync with the same key waits here for the first to end,
 * then fails on the unique key and reads the first one's answer.
 */
export async function claimContactSync(
  trx: Knex.Transaction,
  sync: { id: string; tenantId: string; campaignId: string; idempotencyKey: string; userId: string; now: string },
): Promise<void> {
  await trx('contact_syncs').insert({
    id: sync.id,
    tenant_id: sync.tenantId,
    campaign_id: sync.campaignId,
    idempotency_key: sync.idempotencyKey,
    report: '[]',
    created_by_user_id: sync.userId,
    created_at: sync.now,
  });
}

export async function recordContactSyncReport(
  trx: Knex.Transaction,
  id: string,
  results: readonly ContactSyncResult[],
): Promise<void> {
  await trx('contact_syncs')
    .where({ id })
    .update({ report: JSON.stringify(results) });
}
