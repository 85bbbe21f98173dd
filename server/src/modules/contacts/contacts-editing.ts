import type { ContactsPage, OutboundContact } from '@shared/api/contacts.types';
import type {
  ContactConsent,
  ContactsQuery,
  CreateContactRequest,
  UpdateContactRequest,
} from '@shared/schemas/contact.schema';
import { isoNow } from '../../lib/clock';
import { newSequentialId } from '../../lib/ids';
import {
  assertIdle,
  beingCalled,
  changedZoneFields,
  contactsPageOf,
  rescheduledAttempt,
  toContact,
  zoneFieldsOf,
} from './contact-rules';
import { readContactTotals, writingContacts } from './contact-totals.store';
import type { ContactsContext } from './contacts-context';
import { appendConsentEntry } from './consent-ledger.store';
import { countContacts, deleteIdleContact, insertContact, listContactsPage, updateIdleContact } from './contacts.store';

const sameConsent = (a: ContactConsent | null, b: ContactConsent | null) =>
  JSON.stringify(a && { ...a, capturedAt: Date.parse(a.capturedAt) }) ===
  JSON.stringify(b && { ...b, capturedAt: Date.parse(b.capturedAt) });

/** A campaign's contacts one at a time: keyset pages with totals by status, add, edit and delete. */
export function createContactsEditing(context: ContactsContext) {
  const { deps, modules, outboundCampaign, requireContact, callableNumber, writeOrConflict } = context;
  const { db } = deps;
  const { campaigns } = modules;

  return {
    async list(tenantId: string, campaignId: string, query: ContactsQuery): Promise<ContactsPage> {
      await campaigns.require(tenantId, campaignId);
      const filter = { status: query.status, search: query.search };
      const [rows, totals, searched] = await Promise.all([
        listContactsPage(db, tenantId, campaignId, { ...filter, after: query.after, limit: query.limit }),
        readContactTotals(db, tenantId, campaignId),
        filter.search ? countContacts(db, tenantId, campaignId, filter) : undefined,
      ]);
      return contactsPageOf(rows, query.limit, totals, { status: filter.status, searched });
    },

    async get(tenantId: string, id: string): Promise<OutboundContact> {
      return toContact(await requireContact(tenantId, id));
    },

    /** `changedBy`: the user (or key) making the change, as the consent ledger records it. */
    async create(
      tenantId: string,
      campaignId: string,
      input: CreateContactRequest,
      changedBy: string,
    ): Promise<OutboundContact> {
      const campaign = await outboundCampaign(tenantId, campaignId);
      const phoneNumber = await callableNumber(tenantId, campaign, input.phoneNumber);
      const id = newSequentialId();
      const now = isoNow(deps.clock);
      await writeOrConflict(() =>
        writingContacts(db, async (trx, totals) => {
          await insertContact(trx, totals, {
            id,
            tenantId,
            campaignId,
            now,
            phoneNumber,
            maxRetries: input.maxRetries,
            retryDelayMinutes: input.retryDelayMinutes,
            metadata: input.metadata,
            ...zoneFieldsOf(phoneNumber, input.metadata),
            scheduledFor: input.scheduledFor ?? null,
            nextAttemptAt: input.scheduledFor ?? now,
            conversationConfig: input.conversationConfig ?? null,
            consent: input.consent ?? null,
          });
          if (input.consent) {
            const entry = { tenantId, campaignId, contactId: id, phoneNumber, changedBy };
            await appendConsentEntry(trx, entry, input.consent, now);
          }
        }),
      );
      return toContact(await requireContact(tenantId, id));
    },

    async update(
      tenantId: string,
      id: string,
      patch: UpdateContactRequest,
      changedBy: string,
    ): Promise<OutboundContact> {
      const contact = await requireContact(tenantId, id);
      assertIdle(contact);
      const campaign = await campaigns.require(tenantId, contact.campaignId);
      const phoneNumber =
        patch.phoneNumber === undefined ? undefined : await callableNumber(tenantId, campaign, patch.phoneNumber);
      const nextAttemptAt = rescheduledAttempt(contact.status, patch.scheduledFor, isoNow(deps.clock));
      let updated = false;
      const now = isoNow(deps.clock);
      await writeOrConflict(() =>
        db.transaction(async (trx) => {
          updated = await updateIdleContact(
            trx,
            tenantId,
            { id },
            { ...patch, phoneNumber, nextAttemptAt, ...changedZoneFields(contact, { ...patch, phoneNumber }) },
            now,
          );
          if (updated && patch.consent !== undefined && !sameConsent(contact.consent, patch.consent)) {
            const entry = {
              tenantId,
              campaignId: contact.campaignId,
              contactId: id,
              phoneNumber: phoneNumber ?? contact.phoneNumber,
              changedBy,
            };
            await appendConsentEntry(trx, entry, patch.consent, now);
          }
        }),
      );
      if (!updated) throw beingCalled();
      return toContact(await requireContact(tenantId, id));
    },

    async remove(tenantId: string, id: string): Promise<void> {
      assertIdle(await requireContact(tenantId, id));
      const deleted = await writingContacts(db, (trx, totals) => deleteIdleContact(trx, totals, tenantId, { id }));
      if (!deleted) throw beingCalled();
    },
  };
}
