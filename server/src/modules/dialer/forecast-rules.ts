import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { DialingPreview } from '@shared/api/dialer.types';
import { nextAllowedTime, type CampaignWindow } from '@shared/domain/calling-window';
import type { DialingContact } from '../contacts/contact-dialing.service';
import { calledPartyOf } from './window-rules';

/**
 * Which pending contacts the dialer will call, checked as it will check them: a valid number, not on the do-not-call
 * list, not the same number twice, legal hours that meet the window at some point from `now`.
 */
export function forecastPending(
  pending: ReadonlyArray<Pick<DialingContact, 'phoneNumber' | 'metadata'>>,
  listed: ReadonlySet<string>,
  window: CampaignWindow,
  now: Date,
): Pick<DialingPreview, 'willCall' | 'skipped'> {
  const skipped = { invalidNumber: 0, doNotCall: 0, duplicate: 0, outsideLegalHours: 0 };
  const seen = new Set<string>();
  // Contacts of one country (and zone) share their legal hours: the window is checked once for each.
  const reachable = new Map<string, boolean>();
  let willCall = 0;
  for (const { phoneNumber, metadata } of pending) {
    const parsed = parsePhoneNumberFromString(phoneNumber);
    if (!parsed?.isValid()) {
      skipped.invalidNumber += 1;
      continue;
    }
    if (seen.has(parsed.number)) {
      skipped.duplicate += 1;
      continue;
    }
    seen.add(parsed.number);
    if (listed.has(parsed.number)) {
      skipped.doNotCall += 1;
      continue;
    }
    const party = calledPartyOf({ phoneNumber, metadata });
    const key = `${party.country ?? ''}|${party.timezone ?? ''}`;
    let canReach = reachable.get(key);
    if (canReach === undefined) {
      canReach = nextAllowedTime(now, window, party) !== null;
      reachable.set(key, canReach);
    }
    if (!canReach) {
      skipped.outsideLegalHours += 1;
      continue;
    }
    willCall += 1;
  }
  return { willCall, skipped };
}
