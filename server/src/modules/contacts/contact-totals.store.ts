import type { Knex } from 'knex';
import type { ContactTotals } from '@shared/api/contacts.types';
import { CONTACT_STATUSES, type ContactStatus } from '@shared/schemas/contact.schema';
import type { Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

const TABLE = 'campaign_contact_totals';

/** The campaign a contact row belongs to, as both drivers return it. */
export interface ContactOwner {
  tenant_id: string;
  campaign_id: string;
}

/**
 * How one transaction's writes move each campaign's contacts by status. Written once, as the transaction's last write:
 * the totals row is then the last lock a transaction takes, so two transactions never hold a contact and a totals row
 * each while waiting for the other's (PostgreSQL).
 */
export class ContactTotalsChanges {
  private readonly byCampaign = new Map<string, { owner: ContactOwner; by: Record<ContactStatus, number> }>();

  /** `count` contacts of the campaign now in `status` (negative: no longer in it). */
  add(owner: ContactOwner, status: ContactStatus, count: number): void {
    const key = `${owner.tenant_id}/${owner.campaign_id}`;
    let entry = this.byCampaign.get(key);
    if (!entry) {
      entry = { owner, by: { pending: 0, in_progress: 0, completed: 0, failed: 0 } };
      this.byCampaign.set(key, entry);
    }
    entry.by[status] += count;
  }

  /** Each of these contacts went from `from` to `to`. */
  moved(owners: readonly ContactOwner[], from: ContactStatus, to: ContactStatus): void {
    if (from === to) return;
    for (const owner of owners) {
      this.add(owner, from, -1);
      this.add(owner, to, 1);
    }
  }

  /** Adds the changes to the stored totals, campaign by campaign in key order (the same lock order everywhere). */
  async write(trx: Knex.Transaction): Promise<void> {
    const keys = [...this.byCampaign.keys()].sort();
    for (const key of keys) {
      const { owner, by } = this.byCampaign.get(key) as { owner: ContactOwner; by: Record<ContactStatus, number> };
      if (CONTACT_STATUSES.every((status) => by[status] === 0)) continue;
      await trx(TABLE)
        .insert({ tenant_id: owner.tenant_id, campaign_id: owner.campaign_id, ...by })
        .onConflict(['tenant_id', 'campaign_id'])
        .merge(
          Object.fromEntries(
            CONTACT_STATUSES.map((status) => [
              status,
              trx.raw('?? + ??', [`${TABLE}.${status}`, `excluded.${status}`]),
            ]),
          ),
        );
    }
    this.byCampaign.clear();
  }
}

/**
 * Runs writes to contacts in one transaction (the caller's, when it is one) and writes the totals they moved at its
 * end. Every write that adds, deletes or changes the status of a contact goes through here.
 */
export async function writingContacts<T>(
  db: Queryable,
  work: (trx: Knex.Transaction, totals: ContactTotalsChanges) => Promise<T>,
): Promise<T> {
  const run = async (trx: Knex.Transaction) => {
    const totals = new ContactTotalsChanges();
    const result = await work(trx, totals);
    await totals.write(trx);
    return result;
  };
  return db.isTransaction ? run(db as Knex.Transaction) : db.transaction(run);
}

/** The campaign's contacts by status and in all, from its totals row (none yet: no contacts). */
export async function readContactTotals(db: Queryable, tenantId: string, campaignId: string): Promise<ContactTotals> {
  const row = (await db(TABLE)
    .where({ tenant_id: tenantId, campaign_id: campaignId })
    .first(...CONTACT_STATUSES)) as Record<ContactStatus, number | string> | undefined;
  const totals = { pending: 0, in_progress: 0, completed: 0, failed: 0, total: 0 };
  for (const status of CONTACT_STATUSES) {
    totals[status] = Number(row?.[status] ?? 0);
    totals.total += totals[status];
  }
  return totals;
}
