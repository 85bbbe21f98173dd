import type { Knex } from 'knex';
import type { ContactSyncResponse, ContactSyncResult } from '@shared/api/contact-sync.types';
import { readContactNumber, type NumberReading } from '@shared/domain/contact-number';
import { CONTACT_DEFAULTS, CONTACT_MESSAGES } from '@shared/schemas/contact.schema';
import type { ContactSyncChange } from '@shared/schemas/contact-sync.schema';
import type { AppDeps } from '../../app-deps';
import { dialectOf } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId, newSequentialId } from '../../lib/ids';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { DoNotCallService } from '../do-not-call/do-not-call.service';
import {
  claimContactSync,
  findContactSync,
  recordContactSyncReport,
  type ContactSyncRecord,
} from './contact-syncs.store';
import { writingContacts, type ContactTotalsChanges } from './contact-totals.store';
import { beingCalled, changedZoneFields, countryOf, notOutbound, toContact, zoneFieldsOf } from './contact-rules';
import {
  contactIdsByNumber,
  deleteIdleContact,
  findContact,
  findContacts,
  insertContact,
  updateIdleContact,
  type ContactRecord,
} from './contacts.store';

export type ContactSyncService = ReturnType<typeof createContactSyncService>;

export const CONTACT_SYNC_TEXT = {
  changedUnderneath: 'This contact was changed on the server since the draft read it.',
  deletedUnderneath: 'This contact was deleted on the server since the draft read it.',
  duplicate: 'This number is already in the campaign.',
  doNotCall: 'This number is on the do-not-call list.',
} as const;

/** Deletes first, then updates, then creates: a number a change frees is free for the changes after it. */
const OP_ORDER = { delete: 0, update: 1, create: 2 } as const;

/**
 * Syncs an offline draft (issue 13 §1): applies, in one transaction, each change whose contact is still at the
 * version the draft read, refuses the others as conflicts with the server's contact, and reports invalid rows by
 * the import's number rules. The answer is stored under the Idempotency-Key, so a repeated sync is answered again
 * and changes nothing.
 */
export function createContactSyncService(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  campaigns: CampaignsService,
  doNotCall: DoNotCallService,
) {
  const { db } = deps;

  function replay(stored: ContactSyncRecord, campaignId: string): ContactSyncResponse {
    if (stored.campaignId !== campaignId) throw new DomainError('CONTACT_SYNC_KEY_REUSED');
    return { results: stored.results, replayed: true };
  }

  /** Checks a number the way an import does; the do-not-call list is read before the transaction, once. */
  async function readNumbers(
    tenantId: string,
    campaign: { defaultCountry: string },
    changes: readonly ContactSyncChange[],
  ): Promise<{ readings: Map<string, NumberReading>; blocked: Set<string> }> {
    const country = countryOf(campaign);
    const readings = new Map<string, NumberReading>();
    for (const change of changes) {
      if (change.phoneNumber !== undefined) readings.set(change.key, readContactNumber(change.phoneNumber, country));
    }
    const valid = [...readings.values()].flatMap((reading) => (reading.ok ? [reading.e164] : []));
    return { readings, blocked: await doNotCall.isBlocked(tenantId, valid) };
  }

  async function apply(
    trx: Knex.Transaction,
    totals: ContactTotalsChanges,
    tenantId: string,
    campaignId: string,
    changes: readonly ContactSyncChange[],
    numbers: { readings: Map<string, NumberReading>; blocked: Set<string> },
  ): Promise<ContactSyncResult[]> {
    const now = isoNow(deps.clock);
    const contactIds = changes.flatMap((change) => (change.contactId ? [change.contactId] : []));
    const found = new Map<string, ContactRecord>(
      (await findContacts(trx, tenantId, contactIds))
        .filter((contact) => contact.campaignId === campaignId)
        .map((contact) => [contact.id, contact]),
    );
    const e164s = [...numbers.readings.values()].flatMap((reading) => (reading.ok ? [reading.e164] : []));
    const owners = await contactIdsByNumber(trx, tenantId, campaignId, e164s);

    const conflict = (key: string, server: ContactRecord | undefined, message: string): ContactSyncResult => ({
      key,
      outcome: 'conflict',
      server: server ? toContact(server) : null,
      message,
    });
    const invalid = (key: string, message: string): ContactSyncResult => ({ key, outcome: 'invalid', message });
    const applied = async (key: string, id: string): Promise<ContactSyncResult> => {
      const contact = await findContact(trx, tenantId, id);
      return contact ? { key, outcome: 'applied', contact: toContact(contact) } : { key, outcome: 'applied' };
    };
    /** Why the contact cannot take this change now, read again after a guarded write found nothing to change. */
    const refusal = async (key: string, id: string): Promise<ContactSyncResult> => {
      const current = await findContact(trx, tenantId, id);
      if (!current) return conflict(key, undefined, CONTACT_SYNC_TEXT.deletedUnderneath);
      if (current.status === 'in_progress') return conflict(key, current, beingCalled().message);
      return conflict(key, current, CONTACT_SYNC_TEXT.changedUnderneath);
    };
    /** The change's number in E.164 if it may be this contact's (null for a new one), else why not. */
    const numberFor = (change: ContactSyncChange, contactId: string | null): { e164: string } | { problem: string } => {
      const reading = numbers.readings.get(change.key);
      if (!reading) return { problem: CONTACT_MESSAGES.phoneRequired };
      if (!reading.ok) return { problem: `${CONTACT_MESSAGES.phoneInvalid}: ${reading.reason}` };
      if (numbers.blocked.has(reading.e164)) return { problem: CONTACT_SYNC_TEXT.doNotCall };
      const owner = owners.get(reading.e164);
      if (owner !== undefined && owner !== contactId) return { problem: CONTACT_SYNC_TEXT.duplicate };
      return { e164: reading.e164 };
    };

    async function applyOne(change: ContactSyncChange): Promise<ContactSyncResult> {
      if (change.op === 'create') {
        const number = numberFor(change, null);
        if ('problem' in number) return invalid(change.key, number.problem);
        const id = newSequentialId();
        await insertContact(trx, totals, {
          id,
          tenantId,
          campaignId,
          now,
          phoneNumber: number.e164,
          maxRetries: CONTACT_DEFAULTS.maxRetries,
          retryDelayMinutes: CONTACT_DEFAULTS.retryDelayMinutes,
          metadata: change.metadata ?? {},
          ...zoneFieldsOf(number.e164, change.metadata ?? {}),
          nextAttemptAt: now,
        });
        owners.set(number.e164, id);
        return applied(change.key, id);
      }

      const id = change.contactId ?? '';
      const target = { id, version: change.baseVersion ?? 0 };
      const contact = found.get(id);
      if (change.op === 'delete') {
        // Deleted already (by hand, or by this draft's previous sync): what the draft asked for is true.
        if (!contact) return { key: change.key, outcome: 'applied' };
        if (contact.status === 'in_progress') return conflict(change.key, contact, beingCalled().message);
        if (contact.version !== target.version)
          return conflict(change.key, contact, CONTACT_SYNC_TEXT.changedUnderneath);
        if (!(await deleteIdleContact(trx, totals, tenantId, target))) return refusal(change.key, id);
        owners.delete(contact.phoneNumber);
        return { key: change.key, outcome: 'applied' };
      }

      if (!contact) return conflict(change.key, undefined, CONTACT_SYNC_TEXT.deletedUnderneath);
      if (contact.status === 'in_progress') return conflict(change.key, contact, beingCalled().message);
      if (contact.version !== target.version) return conflict(change.key, contact, CONTACT_SYNC_TEXT.changedUnderneath);
      let phoneNumber: string | undefined;
      if (change.phoneNumber !== undefined) {
        const number = numberFor(change, id);
        if ('problem' in number) return invalid(change.key, number.problem);
        phoneNumber = number.e164;
      }
      if (phoneNumber === undefined && change.metadata === undefined) return applied(change.key, id);
      const fields = { phoneNumber, metadata: change.metadata };
      if (
        !(await updateIdleContact(trx, tenantId, target, { ...fields, ...changedZoneFields(contact, fields) }, now))
      ) {
        return refusal(change.key, id);
      }
      if (phoneNumber !== undefined && phoneNumber !== contact.phoneNumber) {
        owners.delete(contact.phoneNumber);
        owners.set(phoneNumber, id);
      }
      return applied(change.key, id);
    }

    const results = new Map<string, ContactSyncResult>();
    const ordered = [...changes].sort((a, b) => OP_ORDER[a.op] - OP_ORDER[b.op]);
    for (const change of ordered) results.set(change.key, await applyOne(change));
    return changes.map((change) => results.get(change.key) as ContactSyncResult);
  }

  return {
    async sync(
      tenantId: string,
      userId: string,
      campaignId: string,
      idempotencyKey: string,
      changes: readonly ContactSyncChange[],
    ): Promise<ContactSyncResponse> {
      const campaign = await campaigns.require(tenantId, campaignId);
      if (campaign.campaignType !== 'outbound') throw notOutbound();
      const stored = await findContactSync(db, tenantId, idempotencyKey);
      if (stored) return replay(stored, campaignId);
      const numbers = await readNumbers(tenantId, campaign, changes);
      try {
        return await writingContacts(db, async (trx, totals) => {
          const id = newId();
          await claimContactSync(trx, { id, tenantId, campaignId, idempotencyKey, userId, now: isoNow(deps.clock) });
          const results = await apply(trx, totals, tenantId, campaignId, changes, numbers);
          await recordContactSyncReport(trx, id, results);
          return { results, replayed: false };
        });
      } catch (error) {
        if (!dialectOf(db).isUniqueViolation(error)) throw error;
        // The same key committed meanwhile (answer it), or another sync took a number first (sync again).
        const raced = await findContactSync(db, tenantId, idempotencyKey);
        if (raced) return replay(raced, campaignId);
        throw new DomainError('CONTACT_SYNC_RACED');
      }
    },
  };
}
