import { object, type InferType } from 'yup';
import { trimmedText } from './strict-text.schema';

/**
 * The sandbox's plain test-card form (Stripe.js cannot load offline): the fields Stripe.js would send to confirm a
 * SetupIntent, checked before they go to the payment emulator, which decides whether the card is accepted.
 */
export const testCardSchema = object({
  cardNumber: trimmedText()
    .required('Card number is required')
    .transform((value: string) => value.replace(/[\s-]/g, ''))
    .matches(/^\d{12,19}$/, 'Card number must be 12 to 19 digits'),
  expiry: trimmedText()
    .required('Expiry date is required')
    .matches(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Expiry must be MM / YY'),
  cvc: trimmedText()
    .required('CVC is required')
    .matches(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
});

export type TestCard = InferType<typeof testCardSchema>;

/** "04 / 30" → month 4, year 2030. */
export function readExpiry(expiry: string): { month: number; year: number } {
  const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
  return { month: Number(month), year: 2000 + Number(year) };
}
