import { messageFor } from '@shared/domain/machine-handling';
import { DomainError } from '../../domain/domain-error';
import type { CampaignsService, DialingSettings } from '../campaigns/campaigns.service';
import type { DialingContact } from '../contacts/contact-dialing.service';
import type { DoNotCallService } from '../do-not-call/do-not-call.service';

/** The tenant-wide do-not-call list, as the dialer asks it before every dial: which of these numbers are listed. */
export type DoNotCallCheck = Pick<DoNotCallService, 'isBlocked'>;

/**
 * What the dialer asks of the campaigns module: where there is work, a campaign's settings, a pause with a reason, and
 * whether it still runs when an attempt is recorded.
 */
export type CampaignsForDialing = Pick<
  CampaignsService,
  'listActiveOutbound' | 'dialingSettings' | 'pause' | 'isDialable'
>;

/** A campaign's current settings, or undefined when it is gone. */
export async function findDialingSettings(
  campaigns: Pick<CampaignsForDialing, 'dialingSettings'>,
  tenantId: string,
  campaignId: string,
): Promise<DialingSettings | undefined> {
  try {
    return await campaigns.dialingSettings(tenantId, campaignId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

export async function isOnDoNotCallList(doNotCall: DoNotCallCheck, tenantId: string, phoneNumber: string) {
  return (await doNotCall.isBlocked(tenantId, [phoneNumber])).size > 0;
}

/**
 * What a call to the contact carries to the agent: its variables, its conversation's overrides, and what to do on a
 * machine (the campaign's message filled with the contact's metadata).
 */
export function callContentOf(
  contact: Pick<DialingContact, 'metadata' | 'conversationConfig'>,
  campaign: Pick<DialingSettings, 'machineHandling'>,
) {
  return {
    machineHandling: {
      voicemailMessage: messageFor(campaign.machineHandling, contact.metadata),
      screeningBot: campaign.machineHandling.screeningBot,
    },
    dynamicVariables: contact.metadata,
    overrides: {
      prompt: contact.conversationConfig?.prompt,
      firstMessage: contact.conversationConfig?.first_message,
    },
  };
}
