import type { DoNotCallImportResponse, OptOutResponse } from '@shared/api/contacts.types';
import type { WebhookEventData } from '@shared/api/webhooks.types';
import type { OptOutRequest, OptOutSource } from '@shared/schemas/contact.schema';
import type { AppDeps } from '../../app-deps';
import type { EndedContact } from '../contacts/contact-dialing.service';
import type { CampaignProgress } from '../dialer/dialer-progress';
import type { DoNotCallService } from './do-not-call.service';

export type OptOutsService = ReturnType<typeof createOptOutsService>;

/** Who made an opt-out: a member (or the member behind an API key), or nobody (heard in a call). */
export interface OptOutActor {
  userId: string | null;
}

/**
 * Opt-outs from every channel — a stop request heard in a call, the API, the tenant's own systems, an admin — take one
 * path: the number joins the tenant's do-not-call list with its source and evidence (once: a repeated opt-out is
 * answered, not refused), every pending contact with that number in every campaign of the tenant is ended (failed,
 * reason do_not_call), `contact.opted_out` goes out for each, and each campaign concerned announces its progress so that
 * its screens show the contacts ended. A contact being dialled right now finishes its call; the dialer reads the list
 * again before it places any call, so nothing new is placed for the number.
 */
export function createOptOutsService(
  deps: Pick<AppDeps, 'logger'>,
  services: {
    doNotCall: Pick<DoNotCallService, 'record' | 'importCsv'>;
    contacts: { endPendingOfNumbers(tenantId: string, phoneNumbers: readonly string[]): Promise<EndedContact[]> };
    webhooks: {
      publish(tenantId: string, type: 'contact.opted_out', data: WebhookEventData['contact.opted_out']): Promise<void>;
    };
    progress: Pick<CampaignProgress, 'announce'>;
  },
) {
  const { doNotCall, contacts, webhooks, progress } = services;

  /** `contact.opted_out` for each contact an opt-out ended, and fresh progress for each campaign it touched. */
  async function announceEnded(
    tenantId: string,
    ended: readonly EndedContact[],
    source: OptOutSource,
    callId: string | null,
  ): Promise<void> {
    for (const contact of ended) {
      await webhooks.publish(tenantId, 'contact.opted_out', {
        phoneNumber: contact.phoneNumber,
        callId,
        source,
        contactId: contact.id,
        campaignId: contact.campaignId,
      });
    }
    for (const campaignId of new Set(ended.map((contact) => contact.campaignId))) {
      await progress.announce(tenantId, campaignId);
    }
  }

  async function optOut(
    tenantId: string,
    actor: OptOutActor,
    input: OptOutRequest & { callId?: string | null },
  ): Promise<OptOutResponse> {
    const { entry, created } = await doNotCall.record(tenantId, actor.userId, {
      phoneNumber: input.phoneNumber,
      channel: input.source,
      evidence: input.evidence,
      callId: input.callId ?? null,
    });
    const ended = await contacts.endPendingOfNumbers(tenantId, [entry.phoneNumber]);
    const base = { phoneNumber: entry.phoneNumber, callId: input.callId ?? null, source: input.source };
    if (ended.length === 0 && created) {
      await webhooks.publish(tenantId, 'contact.opted_out', { ...base, contactId: null, campaignId: null });
    }
    await announceEnded(tenantId, ended, input.source, input.callId ?? null);
    if (created || ended.length > 0) {
      deps.logger.info({ tenantId, source: input.source, ended: ended.length }, 'opt-out recorded');
    }
    return { entry, created, endedContacts: ended.length };
  }

  return {
    optOut,

    /**
     * An admin's CSV of numbers for the do-not-call list: the new ones are listed in one piece, then every pending
     * contact with one of them ends at once, as for any opt-out.
     */
    async importList(tenantId: string, actor: OptOutActor, csv: string): Promise<DoNotCallImportResponse> {
      const { report, added } = await doNotCall.importCsv(tenantId, actor.userId, csv);
      const ended = await contacts.endPendingOfNumbers(tenantId, added);
      await announceEnded(tenantId, ended, 'admin', null);
      if (added.length > 0)
        deps.logger.info({ tenantId, added: added.length, ended: ended.length }, 'opt-outs imported');
      return { report, endedContacts: ended.length };
    },

    /** A stop request heard in a call (its analysis): the same path, with the call as evidence. */
    async fromCall(tenantId: string, phoneNumber: string, callId: string | null): Promise<boolean> {
      const source: OptOutSource = 'call';
      try {
        const result = await optOut(
          tenantId,
          { userId: null },
          { phoneNumber, source, evidence: 'Asked not to be called again during a call', callId },
        );
        return result.created;
      } catch (error) {
        // A number that cannot be read (an anonymous caller) has nothing to list.
        deps.logger.warn({ tenantId, callId, err: error }, 'opt-out heard in a call not recorded');
        return false;
      }
    },
  };
}
