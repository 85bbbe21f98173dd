/**
 * How calls become billed minutes (SECURITY J1). The rule: each call is rounded up to whole minutes on its
 * own (61 s is 2 minutes, 0 s is 0), from the provider's duration; a month's minutes are the sum over its
 * calls, and minutes over the included ones are billed at the tenant's rate.
 */
export function billedMinutes(durationSec: number): number {
  return Math.max(0, Math.ceil(Math.max(0, durationSec) / 60));
}

export interface UsageTotals {
  minutesBillable: number;
  /** Overage cost in cents. */
  billingCost: number;
}

export function usageTotals(minutesUsed: number, minutesIncluded: number, ratePerMinuteCents: number): UsageTotals {
  const minutesBillable = Math.max(0, minutesUsed - minutesIncluded);
  return { minutesBillable, billingCost: minutesBillable * ratePerMinuteCents };
}
