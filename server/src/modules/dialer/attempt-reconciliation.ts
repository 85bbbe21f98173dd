import type { AttemptOutcome } from '@shared/domain/dialing-retry';
import type { Config } from '../../config';
import { isProviderNotFound } from '../../lib/provider-call';
import type { TelephonyCall, TelephonyProvider } from '../../providers/telephony/telephony.types';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { AttemptRecord } from './dialer.store';
import type { CallEnd } from './settlement-rules';

/** How far our clock and the carrier's may disagree. */
const CLOCK_SKEW_MS = 5_000;

/** Answering machine detection's verdicts that mean a machine, not a person, picked up. */
const MACHINE = /^(machine_|fax$)/;

/** How the carrier's call ended, as an attempt's outcome; null while it still runs. */
export function endOfCarrierCall(call: TelephonyCall): CallEnd | null {
  const notConnected = (outcome: AttemptOutcome, reason: string): CallEnd => ({
    outcome,
    durationSec: 0,
    invalidNumber: false,
    reason,
  });
  switch (call.status) {
    case 'queued':
    case 'ringing':
    case 'in-progress':
      return null;
    case 'busy':
      return notConnected('busy', 'The line was busy.');
    case 'no-answer':
      return notConnected('no_answer', 'Nobody answered.');
    // Ended by us before anyone picked up: for the contact, nobody answered.
    case 'canceled':
      return notConnected('no_answer', 'The call was cancelled before it was answered.');
    case 'failed':
      return notConnected('failed', 'The carrier could not connect the call.');
    case 'completed': {
      // A fax line is never called again; any other machine, its message unknown, is retried like a voicemail.
      if (call.answeredBy === 'fax') {
        return {
          outcome: 'fax',
          durationSec: call.durationSec ?? 0,
          invalidNumber: false,
          reason: 'A fax line answered.',
        };
      }
      const machine = MACHINE.test(call.answeredBy ?? '');
      return {
        outcome: machine ? 'voicemail' : 'answered',
        durationSec: call.durationSec ?? 0,
        invalidNumber: false,
        reason: machine ? 'An answering machine picked up.' : null,
      };
    }
  }
}

/** `unsettled`: the carrier has the call but it has not ended (or the attempt was settled meanwhile). */
export type CarrierSettlement = 'settled' | 'unsettled' | 'none';

/**
 * Settles attempts the voice provider cannot account for from the carrier's own record of the call: by the call SID
 * when the attempt noted it, or else by the first call from the campaign's number to the contact since the attempt
 * began (a call whose initiation failed before any conversation existed). Reads only; it never dials.
 */
export function createAttemptReconciliation(deps: {
  telephony: Pick<TelephonyProvider, 'getCall' | 'findCalls'>;
  config: Pick<Config, 'dialerReconcileGraceSec'>;
  contacts: Pick<ContactDialingService, 'find'>;
  campaigns: Pick<CampaignsService, 'dialingSettings'>;
  phoneNumbers: Pick<PhoneNumbersService, 'ofAgent'>;
  /** The dialer's one way to end an attempt and move its contact on by the retry policy. */
  settleEnded(attempt: AttemptRecord, end: CallEnd, conversationId: string | null): Promise<boolean>;
}) {
  const { telephony, contacts, campaigns, phoneNumbers } = deps;

  /** The numbers the attempt's call would have gone between, when the campaign still has them. */
  async function numbersOf(attempt: AttemptRecord): Promise<{ to: string; from: string } | null> {
    const contact = await contacts.find(attempt.tenantId, attempt.contactId);
    if (!contact || !attempt.campaignId) return null;
    const campaign = await campaigns.dialingSettings(attempt.tenantId, attempt.campaignId).catch(() => null);
    if (!campaign?.agentId) return null;
    const number = await phoneNumbers.ofAgent(attempt.tenantId, campaign.agentId);
    return number ? { to: contact.phoneNumber, from: number.phoneNumber } : null;
  }

  async function carrierCallOf(attempt: AttemptRecord): Promise<TelephonyCall | null> {
    if (attempt.callSid) {
      return telephony.getCall(attempt.callSid).catch((error: unknown) => {
        if (isProviderNotFound(error)) return null;
        throw error;
      });
    }
    const numbers = await numbersOf(attempt);
    if (!numbers) return null;
    // The attempt's call was made after the attempt was recorded and before its deadline (plus the grace a slow
    // provider is given); earlier attempts' calls lie at least a retry delay before, and no later attempt exists yet.
    const placeBy = new Date(attempt.placeBy ?? attempt.createdAt).getTime();
    const calls = await telephony.findCalls({
      ...numbers,
      createdSince: new Date(new Date(attempt.createdAt).getTime() - CLOCK_SKEW_MS).toISOString(),
      createdUntil: new Date(placeBy + deps.config.dialerReconcileGraceSec * 1000 + CLOCK_SKEW_MS).toISOString(),
    });
    // Newest first: the attempt's call is the first one placed in that span.
    return calls.at(-1) ?? null;
  }

  return {
    /** `none` when the carrier has no call for the attempt. */
    async settleFromCarrier(attempt: AttemptRecord): Promise<CarrierSettlement> {
      const call = await carrierCallOf(attempt);
      if (!call) return 'none';
      const end = endOfCarrierCall(call);
      if (!end) return 'unsettled';
      return (await deps.settleEnded(attempt, end, attempt.conversationId)) ? 'settled' : 'unsettled';
    },
  };
}
