import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextNumberCharge, phoneCosts, phoneEligibility } from './phone-billing';

const plan = { currency: 'nzd', phoneNumbersIncluded: 1, maxPhoneNumbers: 3, phoneNumberCostMonthly: 1000 };

describe('phone billing', () => {
  it('makes the included numbers free and the rest billable up to the maximum', () => {
    expect(phoneEligibility(0, plan)).toMatchObject({ canPurchase: true, nextNumberCost: 0 });
    expect(phoneEligibility(1, plan)).toMatchObject({ canPurchase: true, nextNumberCost: 1000 });
    expect(phoneEligibility(1, plan).reason).toBe('Your next number costs NZD\u00a010.00 per month.');
    expect(phoneEligibility(3, plan)).toMatchObject({
      currentCount: 3,
      includedInPlan: 1,
      maxAllowed: 3,
      canPurchase: false,
      reason: 'Your plan allows up to 3 phone numbers. Upgrade your plan to add more.',
    });
    expect(phoneCosts(3, plan)).toEqual({ billableNumbers: 2, totalCost: 2000, costPerNumber: 1000 });
    expect(phoneCosts(0, plan)).toEqual({ billableNumbers: 0, totalCost: 0, costPerNumber: 1000 });
  });

  it('charges for a number exactly when it is beyond the included ones', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.nat(5000), (included, count, cost) => {
        const terms = {
          currency: 'nzd',
          phoneNumbersIncluded: included,
          maxPhoneNumbers: 20,
          phoneNumberCostMonthly: cost,
        };
        const charge = nextNumberCharge(count, terms);
        expect(charge.includedInPlan).toBe(count < included);
        // Buying one more raises the monthly total by exactly the charge of that number.
        expect(phoneCosts(count + 1, terms).totalCost - phoneCosts(count, terms).totalCost).toBe(charge.costMonthly);
      }),
    );
  });
});
