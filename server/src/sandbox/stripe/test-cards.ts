/**
 * Stripe's test cards as the emulator honours them: what happens when the card is saved (a zero-amount check on
 * SetupIntent confirm and on attach) and when it is charged.
 */

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit';
  /** Refused when saved: SetupIntent confirm and attach fail with this decline code. */
  declinedOnSetup: string | null;
  /** Saved fine, but every charge fails with this decline code. */
  declinedOnCharge: string | null;
}

const card = (number: string, brand: TestCard['brand'], overrides: Partial<TestCard> = {}): TestCard => ({
  number,
  brand,
  funding: 'credit',
  declinedOnSetup: null,
  declinedOnCharge: null,
  ...overrides,
});

export const TEST_CARDS: readonly TestCard[] = [
  card('4242424242424242', 'visa'),
  card('4000056655665556', 'visa', { funding: 'debit' }),
  card('5555555555554444', 'mastercard'),
  card('378282246310005', 'amex'),
  card('4000000000000002', 'visa', { declinedOnSetup: 'generic_decline' }),
  card('4000000000009995', 'visa', { declinedOnSetup: 'insufficient_funds' }),
  card('4000000000000341', 'visa', { declinedOnCharge: 'generic_decline' }),
];

/** Stripe's ready-made test payment methods (`pm_card_visa`), each a card above. */
export const TEST_PAYMENT_METHOD_TOKENS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
};

/** The Luhn check every card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  [...number].reverse().forEach((digit, index) => {
    let value = Number(digit);
    if (index % 2 === 1) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  });
  return sum % 10 === 0;
}

export type CardLookup =
  | { kind: 'test'; card: TestCard }
  | { kind: 'incorrect_number' }
  /** A real card number: test mode refuses it. */
  | { kind: 'live_card' };

export function lookUpCardNumber(raw: string): CardLookup {
  const number = raw.replace(/[\s-]/g, '');
  const found = TEST_CARDS.find((entry) => entry.number === number);
  if (found) return { kind: 'test', card: found };
  return luhnValid(number) ? { kind: 'live_card' } : { kind: 'incorrect_number' };
}
