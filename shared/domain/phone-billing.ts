import { formatMoney } from './format';

/**
 * Phone number billing (spec 000 §6): numbers up to the plan's included count are free, further ones cost
 * the plan's monthly price each, up to the plan's maximum. Amounts are integer minor units of the plan's currency.
 */
export interface PhonePlanTerms {
  /** The plan's currency, ISO 4217 in lower case. */
  currency: string;
  phoneNumbersIncluded: number;
  maxPhoneNumbers: number;
  /** Monthly price of each number beyond the included ones, in cents. */
  phoneNumberCostMonthly: number;
}

export interface PhoneEligibility {
  currentCount: number;
  includedInPlan: number;
  maxAllowed: number;
  canPurchase: boolean;
  /** Why a purchase is refused, or what the next number will cost. */
  reason: string;
  /** What the next number adds to the monthly bill, in cents (0 while included numbers remain). */
  nextNumberCost: number;
}

export interface PhoneCosts {
  billableNumbers: number;
  /** Monthly total for the billable numbers, in cents. */
  totalCost: number;
  costPerNumber: number;
}

/** A number's monthly charge, in minor units of `currency`. */
export interface NumberCharge {
  includedInPlan: boolean;
  costMonthly: number;
  currency: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The charge for the number bought when the tenant already has `currentCount`. */
export function nextNumberCharge(currentCount: number, plan: PhonePlanTerms): NumberCharge {
  const includedInPlan = currentCount < plan.phoneNumbersIncluded;
  return { includedInPlan, costMonthly: includedInPlan ? 0 : plan.phoneNumberCostMonthly, currency: plan.currency };
}

export function phoneEligibility(currentCount: number, plan: PhonePlanTerms): PhoneEligibility {
  const canPurchase = currentCount < plan.maxPhoneNumbers;
  const next = nextNumberCharge(currentCount, plan);
  let reason: string;
  if (!canPurchase) {
    reason = `Your plan allows up to ${plural(plan.maxPhoneNumbers, 'phone number')}. Upgrade your plan to add more.`;
  } else if (next.includedInPlan) {
    reason = `Your next number is included in your plan (${currentCount} of ${plan.phoneNumbersIncluded} included numbers in use).`;
  } else {
    reason = `Your next number costs ${formatMoney(next.costMonthly, plan.currency)} per month.`;
  }
  return {
    currentCount,
    includedInPlan: plan.phoneNumbersIncluded,
    maxAllowed: plan.maxPhoneNumbers,
    canPurchase,
    reason,
    nextNumberCost: canPurchase ? next.costMonthly : 0,
  };
}

export function phoneCosts(currentCount: number, plan: PhonePlanTerms): PhoneCosts {
  const billableNumbers = Math.max(0, currentCount - plan.phoneNumbersIncluded);
  return {
    billableNumbers,
    totalCost: billableNumbers * plan.phoneNumberCostMonthly,
    costPerNumber: plan.phoneNumberCostMonthly,
  };
}
