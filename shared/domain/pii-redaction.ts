import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';

/**
 * Redaction of personal data in call text (transcripts, summaries, webhook payloads, log lines): each kind found is
 * replaced by a typed marker so a reader still sees what was said ("my card is [card number]") without the value.
 *
 * Numbers are redacted only when they are what they look like: card numbers pass the Luhn check, NZ IRD numbers the
 * IRD check digit, Australian TFNs the TFN weights, US SSNs the issued ranges; NZ bank accounts by their 2-4-7-2/3
 * shape, Australian BSB + account and dates of birth only when labelled; phone numbers as libphonenumber finds valid
 * ones. Ordinary numbers (times, prices, counts, years, short codes) are left alone.
 */

export type PiiKind = 'card' | 'bankAccount' | 'ird' | 'tfn' | 'ssn' | 'email' | 'phone' | 'dateOfBirth';

export const PII_MARKERS: Readonly<Record<PiiKind, string>> = {
  card: '[card number]',
  bankAccount: '[bank account]',
  ird: '[IRD number]',
  tfn: '[TFN]',
  ssn: '[SSN]',
  email: '[email]',
  phone: '[phone number]',
  dateOfBirth: '[date of birth]',
};

export interface RedactOptions {
  /** Country whose national phone formats are recognised without a + prefix. */
  defaultCountry?: CountryCode;
}

const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** Luhn (mod 10) check of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const IRD_PRIMARY = [3, 2, 7, 6, 5, 4, 3, 2];
const IRD_SECONDARY = [7, 4, 3, 2, 5, 2, 7, 6];

/** NZ IRD number (8 or 9 digits, 10-000-000 to 150-000-000) with Inland Revenue's check digit. */
export function irdValid(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const value = Number(digits);
  if (value < 10_000_000 || value > 150_000_000) return false;
  const padded = digits.padStart(9, '0');
  const base = padded.slice(0, 8);
  const check = Number(padded[8]);
  for (const weights of [IRD_PRIMARY, IRD_SECONDARY]) {
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += Number(base[i]) * weights[i]!;
    const remainder = sum % 11;
    const expected = remainder === 0 ? 0 : 11 - remainder;
    if (expected !== 10) return expected === check;
  }
  return false;
}

const TFN_WEIGHTS = [1, 4, 3, 7, 5, 8, 6, 9, 10];

/** Australian tax file number (9 digits) whose weighted sum is a multiple of 11. */
export function tfnValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * TFN_WEIGHTS[i]!;
  return sum % 11 === 0;
}

/** US social security number AAA-GG-SSSS in the issued ranges (area not 000, 666 or 9xx; group and serial not 0). */
export function ssnValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  return area !== 0 && area !== 666 && area < 900 && group !== 0 && serial !== 0;
}

/** The kind of one run of digit groups (separated by single spaces or hyphens), or null for an ordinary number. */
function classifyDigitRun(text: string): PiiKind | null {
  const digits = digitsOf(text);
  if (/^\d{2}[- ]\d{4}[- ]\d{7}[- ]\d{2,3}$/.test(text)) return 'bankAccount';
  if (/^\d{3}[- ]\d{2}[- ]\d{4}$/.test(text) && ssnValid(digits)) return 'ssn';
  // Cards are written whole or in groups of 4 to 6 (4-4-4-4, Amex 4-6-5), never after a short count.
  const cardShape = /^\d{13,19}$/.test(text) || /^(?:\d{4,6}[- ]){1,4}\d{1,7}$/.test(text);
  if (cardShape && digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return 'card';
  // Tax numbers are written whole or as 3-3-3 (TFN, IRD) or 2-3-3 (8-digit IRD).
  const taxShape = /^\d{8,9}$/.test(text) || /^\d{2,3}[- ]\d{3}[- ]\d{3}$/.test(text);
  if (taxShape && tfnValid(digits)) return 'tfn';
  if (taxShape && irdValid(digits)) return 'ird';
  return null;
}

/** Runs of digits with single space/hyphen separators, not touching letters, digits or a decimal point. */
const DIGIT_RUN = /(?<![\w.])\d+(?:[ -]\d+)*(?![\w]|\.\d)/g;

/**
 * Redacts the numbers of a run: the longest stretch of whole digit groups that is a known kind wins, so a card
 * number after an unrelated count ("room 12 4111 1111 1111 1111") is still found.
 */
function redactDigitRun(run: string): string {
  const groups: { start: number; end: number }[] = [];
  for (const match of run.matchAll(/\d+/g)) groups.push({ start: match.index, end: match.index + match[0].length });
  let out = '';
  let cursor = 0;
  let i = 0;
  while (i < groups.length) {
    let found: { j: number; kind: PiiKind } | null = null;
    for (let j = groups.length - 1; j >= i && !found; j--) {
      const kind = classifyDigitRun(run.slice(groups[i]!.start, groups[j]!.end));
      if (kind) found = { j, kind };
    }
    if (found) {
      out += run.slice(cursor, groups[i]!.start) + PII_MARKERS[found.kind];
      cursor = groups[found.j]!.end;
      i = found.j + 1;
    } else i++;
  }
  return out + run.slice(cursor);
}

const EMAIL = /[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
const DATE_FORMS = [
  '\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}',
  '\\d{4}[/.-]\\d{1,2}[/.-]\\d{1,2}',
  `${DAY}(?:\\s+of)?\\s+${MONTH}\\.?,?\\s+\\d{2,4}`,
  `${MONTH}\\.?\\s+${DAY},?\\s+\\d{2,4}`,
].join('|');
const DATE_OF_BIRTH = new RegExp(
  `(\\b(?:born(?:\\s+on)?|d\\.?o\\.?b\\.?|date\\s+of\\s+birth|birth\\s*date|birthday)\\b\\s*(?:is|was|:|-)?\\s*(?:the\\s+)?)(?:${DATE_FORMS})`,
  'gi',
);

/** Labelled numbers that are personal data whatever their digits: a BSB with its account, an account number, an SSN. */
const LABELLED_BANK =
  /\bBSB\b\s*(?:no\.?|number|#|:)?\s*\d{3}[- ]?\d{3}(?:[\s,]*(?:and\s+)?(?:acc(?:oun)?t\.?|a\/c)\s*(?:no\.?|number|#)?\s*:?\s*\d{4,10})?/gi;
const LABELLED_ACCOUNT = /\b(?:bank\s+)?(?:acc(?:oun)?t\.?|a\/c)\s*(?:no\.?|number|#)\s*:?\s*(\d[\d -]{4,18}\d)/gi;
const LABELLED_SSN = /\b(?:SSN|social\s+security(?:\s+number)?)\b\s*(?:is|:|#)?\s*(\d{3}[- ]?\d{2}[- ]?\d{4})\b/gi;

/** The text with every personal datum it recognises replaced by its marker; text without any is returned unchanged. */
export function redactPii(text: string, options: RedactOptions = {}): string {
  if (!text) return text;
  let out = text.replace(EMAIL, PII_MARKERS.email);
  out = out.replace(DATE_OF_BIRTH, (_whole, label: string) => label + PII_MARKERS.dateOfBirth);
  out = out.replace(LABELLED_BANK, PII_MARKERS.bankAccount);
  out = out.replace(LABELLED_ACCOUNT, (whole: string, number: string) =>
    whole.replace(number, PII_MARKERS.bankAccount),
  );
  out = out.replace(LABELLED_SSN, (whole: string, number: string) =>
    ssnValid(digitsOf(number)) ? whole.replace(number, PII_MARKERS.ssn) : whole,
  );
  out = out.replace(DIGIT_RUN, redactDigitRun);
  const defaultCountry = options.defaultCountry ?? 'NZ';
  out = redactPhones(out, defaultCountry);
  // libphonenumber's finder rejects a number by what follows it ("021 000 0000 1% off"); each number-like stretch is
  // also looked at on its own.
  return out.replace(PHONE_LIKE, (candidate) => redactPhones(candidate, defaultCountry));
}

const PHONE_LIKE = /(?<![\w+$.])\+?(?:\(\d+\)|\d)(?:[ -]?(?:\(\d+\)|\d))+(?![\w]|\.\d)/g;

function redactPhones(text: string, defaultCountry: CountryCode): string {
  let out = text;
  for (const phone of findPhoneNumbersInText(text, { defaultCountry }).reverse())
    out = out.slice(0, phone.startsAt) + PII_MARKERS.phone + out.slice(phone.endsAt);
  return out;
}

/**
 * A copy of a JSON-like value with every string redacted (keys are kept), for payloads such as webhook bodies that
 * carry call text in nested fields.
 */
export function redactPiiDeep<T>(value: T, options: RedactOptions = {}): T {
  if (typeof value === 'string') return redactPii(value, options) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactPiiDeep(item, options)) as T;
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = redactPiiDeep(item, options);
    return copy as T;
  }
  return value;
}
