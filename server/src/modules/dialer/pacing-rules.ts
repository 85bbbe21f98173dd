/** The calls-per-second limit as the spacing between two calls' slots, in whole milliseconds. */
export function accountSlotSpacingMs(callsPerSecond: number): number {
  return Math.ceil(1000 / callsPerSecond);
}

/** The lines outbound calls may hold: the tenant's concurrent calls less those kept free for inbound ones. */
export function outboundLines(maxConcurrentCalls: number, inboundReserve: number): number {
  return maxConcurrentCalls - inboundReserve;
}

/** The key of the slot that spaces a campaign's calls by its interval. */
export const campaignSlotKey = (campaignId: string) => `campaign:${campaignId}`;

/** The key of the slot that spaces every call through the telephony account. */
export const ACCOUNT_SLOT_KEY = 'account:telephony';

/** The list rotated to begin at `start`: each worker starts its round elsewhere, so workers spread out. */
export function rotateFrom<T>(items: readonly T[], start: number): T[] {
  return [...items.slice(start), ...items.slice(0, start)];
}
