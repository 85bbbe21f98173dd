/** Slack added to each pace slot's second: what a commit and the request's send may add between two calls. */
export const PACE_MARGIN_MS = 10;

/**
 * The telephony account's calls per second as pace slots: `count` slots, each used at most once every `periodMs`, so
 * no rolling second holds more than `count` calls (for a whole number of calls per second: exactly the limit). A
 * fixed-window counter would let two windows' calls meet across their boundary; slots cannot.
 */
export function paceSlots(callsPerSecond: number): { count: number; periodMs: number } {
  const count = Math.max(1, Math.ceil(callsPerSecond));
  return { count, periodMs: Math.ceil((count * 1000) / callsPerSecond) + PACE_MARGIN_MS };
}

/** The lines outbound calls may hold: the tenant's concurrent calls less those kept free for inbound ones. */
export function outboundLines(maxConcurrentCalls: number, inboundReserve: number): number {
  return Math.max(0, maxConcurrentCalls - inboundReserve);
}

/** The key of the slot that spaces a campaign's calls by its interval. */
export const campaignSlotKey = (campaignId: string) => `campaign:${campaignId}`;

/** The keys of the pace slots every call through the telephony account shares. */
export const accountPaceKeys = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `account:telephony#${index + 1}`);

/** The list rotated to begin at `start`: each worker starts its round elsewhere, so workers spread out. */
export function rotateFrom<T>(items: readonly T[], start: number): T[] {
  return [...items.slice(start), ...items.slice(0, start)];
}

/** The longest a campaign with nothing to do sleeps before it looks again (an edit may have changed what is due). */
export const MAX_SLEEP_MS = 15 * 60_000;

/** What a pass found that leaves a campaign nothing to do for a while. */
export type WakeReason = 'nothing-due' | 'window' | 'cap';

/**
 * When a campaign that found nothing to do now should look again: its next callable contact, but not before
 * `notBefore` (its window's next opening, its next day for a reached cap); never later than {@link MAX_SLEEP_MS}, never
 * before `now`. Null when nothing is pending.
 */
export function wakeMoment(nextCallableAt: Date | null, notBefore: Date, now: Date): Date | null {
  if (!nextCallableAt) return null;
  const at = Math.max(nextCallableAt.getTime(), notBefore.getTime(), now.getTime());
  return new Date(Math.min(at, now.getTime() + MAX_SLEEP_MS));
}
