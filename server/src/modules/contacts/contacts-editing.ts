import type { ContactsPage, OutboundContact } from '@shared/api/contacts.types';
import type { ContactsQuery, CreateContactRequest, UpdateContactRequest } from '@shared/schemas/contact.schema';
import { isoNow } from '../../lib/clock';
import { newSequentialId } from '../../lib/ids';
import { assertIdle, beingCalled, contactsPageOf, rescheduledAttempt, toContact } from './contact-rules';
import { readContactTotals, writingContacts } from './contact-totals.store';
import type { ContactsContext } from './contacts-context';
import { countContacts, deleteIdleContact, insertContact, listContactsPage, updateIdleContact } from './contacts.store';

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

    async create(tenantId: string, campaignId: string, input: CreateContactRequest): Promise<OutboundContact> {
      const campaign = await outboundCampaign(tenantId, campaignId);
      const phoneNumber = await callableNumber(tenantId, campaign, input.phoneNumber);
      const id = newSequentialId();
      const now = isoNow(deps.clock);
      await writeOrConflict(() =>
        writingContacts(db, (trx, totals) =>
          insertContact(trx, totals, {
            id,
            tenantId,
            campaignId,
            now,
            phoneNumber,
            maxRetries: input.maxRetries,
            retryDelayMinutes: input.retryDelayMinutes,
            metadata: input.metadata,
            scheduledFor: input.scheduledFor ?? null,
            nextAttemptAt: input.scheduledFor ?? now,
            conversationConfig: input.conversationConfig ?? null,
          }),
        ),
      );
      return toContact(await requireContact(tenantId, id));
    },

    async update(tenantId: string, id: string, patch: UpdateContactRequest): Promise<OutboundContact> {
      const contact = await requireContact(tenantId, id);
      assertIdle(contact);
      const campaign = await campaigns.require(tenantId, contact.campaignId);
      const phoneNumber =
        patch.phoneNumber === undefined ? undefined : await callableNumber(tenantId, campaign, patch.phoneNumber);
      const nextAttemptAt = rescheduledAttempt(contact.status, patch.scheduledFor, isoNow(deps.clock));
      let updated = false;
      await writeOrConflict(async () => {
        updated = await updateIdleContact(
          db,
          tenantId,
          { id },
          { ...patch, phoneNumber, nextAttemptAt },
          isoNow(deps.clock),
        );
      });
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
