import fc from 'fast-check';
import { findPhoneNumbersInText, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { irdValid, luhnValid, redactPii, redactPiiDeep, ssnValid, tfnValid } from './pii-redaction';

const digit = fc.integer({ min: 0, max: 9 });
const digitString = (min: number, max = min) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((ds) => ds.join(''));

/** Splits digits into groups of the given sizes (the last group takes the rest) joined by one separator. */
function grouped(digits: string, sizes: number[], separator: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(separator);
}

const separator = fc.constantFrom('', ' ', '-');

function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + String(d))) return String(d);
  throw new Error('unreachable');
}

const cardDigits = fc
  .tuple(fc.integer({ min: 1, max: 9 }), digitString(11, 17))
  .map(([first, rest]) => `${first}${rest}`)
  .map((body) => body + luhnCheckDigit(body));
const card = fc
  .tuple(cardDigits, separator)
  .map(([digits, sep]) => ({ digits, text: sep ? grouped(digits, [4, 4, 4, 4], sep) : digits }));

const IRD_WEIGHTS = [
  [3, 2, 7, 6, 5, 4, 3, 2],
  [7, 4, 3, 2, 5, 2, 7, 6],
];
function irdCheckDigit(base8: string): number | null {
  for (const weights of IRD_WEIGHTS) {
    const sum = weights.reduce((acc, w, i) => acc + w * Number(base8[i]), 0);
    const check = sum % 11 === 0 ? 0 : 11 - (sum % 11);
    if (check !== 10) return check;
  }
  return null;
}
const irdBase = fc.integer({ min: 1_000_000, max: 14_999_999 }).map((n) => String(n).padStart(8, '0'));
const ird = fc
  .tuple(irdBase, separator)
  .filter(([base]) => irdCheckDigit(base) !== null)
  .map(([base, sep]) => {
    const digits = (base + String(irdCheckDigit(base))).replace(/^0/, '');
    const text = sep ? grouped(digits, digits.length === 8 ? [2, 3, 3] : [3, 3, 3], sep) : digits;
    return { digits, text };
  });

const TFN_WEIGHTS = [1, 4, 3, 7, 5, 8, 6, 9, 10];
const tfn = fc
  .tuple(digitString(8), separator)
  .map(([body, sep]) => {
    const sum = TFN_WEIGHTS.slice(0, 8).reduce((acc, w, i) => acc + w * Number(body[i]), 0);
    return { body, check: sum % 11, sep };
  })
  .filter(({ body, check }) => check < 10 && !/^0+$/.test(body))
  .map(({ body, check, sep }) => {
    const digits = body + String(check);
    return { digits, text: sep ? grouped(digits, [3, 3, 3], sep) : digits };
  });

const ssn = fc
  .tuple(
    fc.integer({ min: 1, max: 899 }).filter((a) => a !== 666),
    fc.integer({ min: 1, max: 99 }),
    fc.integer({ min: 1, max: 9999 }),
    fc.constantFrom('-', ' '),
  )
  .map(([area, group, serial, sep]) => {
    const parts = [String(area).padStart(3, '0'), String(group).padStart(2, '0'), String(serial).padStart(4, '0')];
    return { digits: parts.join(''), text: parts.join(sep) };
  });

const nzBankAccount = fc
  .tuple(digitString(2), digitString(4), digitString(7), digitString(2, 3), fc.constantFrom('-', ' '))
  .map(([bank, branch, account, suffix, sep]) => {
    const text = [bank, branch, account, suffix].join(sep);
    return { digits: text.replace(/\D/g, ''), text };
  });

const nzMobile = fc
  .tuple(fc.constantFrom('021', '022', '027'), digitString(3), digitString(4))
  .map(([prefix, a, b]) => `${prefix} ${a} ${b}`)
  .filter((text) => parsePhoneNumberFromString(text, 'NZ')?.isValid() === true)
  .map((text) => ({ digits: text.replace(/\D/g, ''), text }));

const email = fc.emailAddress().map((text) => ({ digits: '', text }));

const dateOfBirth = fc
  .tuple(
    fc.constantFrom('born', 'born on', 'DOB', 'DOB:', 'date of birth is', 'Date of Birth:', 'birthday'),
    fc.integer({ min: 1, max: 28 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1920, max: 2020 }),
    fc.constantFrom('d/m/y', 'y-m-d', 'd month y', 'month d, y'),
  )
  .map(([label, d, m, y, form]) => {
    const month = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ][m - 1]!;
    const date =
      form === 'd/m/y'
        ? `${d}/${m}/${y}`
        : form === 'y-m-d'
          ? `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
          : form === 'd month y'
            ? `${d} ${month} ${y}`
            : `${month} ${d}, ${y}`;
    return { label, date };
  });

const word = fc.constantFrom(
  'my',
  'card',
  'is',
  'the',
  'number',
  'please',
  'thanks',
  'okay',
  'yes',
  'call',
  'me',
  'on',
);
const words = fc.array(word, { minLength: 0, maxLength: 6 }).map((ws) => ws.join(' '));

const ordinaryNumber = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${h}:${String(m).padStart(2, '0')}`),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
    .map(([whole, cents]) => `$${whole}.${String(cents).padStart(2, '0')}`),
  fc.integer({ min: 1900, max: 2100 }).map(String),
  fc.integer({ min: 0, max: 999 }).map(String),
  digitString(4),
  fc.integer({ min: 1, max: 99 }).map((n) => `${n}%`),
);

/** Text of words and ordinary numbers, each piece separated by a word so no two numbers run together. */
const ordinaryText = fc
  .array(fc.tuple(words, ordinaryNumber), { maxLength: 5 })
  .map((pieces) => pieces.map(([ws, n]) => `${ws} ${n} and`).join(' '));

const validPii = fc.oneof(card, ird, tfn, ssn, nzBankAccount, nzMobile, email);

describe('redactPii', () => {
  it('redacts each kind with its marker', () => {
    expect(redactPii('my card is 4111 1111 1111 1111 thanks')).toBe('my card is [card number] thanks');
    expect(redactPii('card 4242-4242-4242-4242 exp 12/29')).toBe('card [card number] exp 12/29');
    expect(redactPii('amex 3782 822463 10005')).toBe('amex [card number]');
    expect(redactPii('account 12-3140-0012345-00 please')).toBe('account [bank account] please');
    expect(redactPii('BSB 062-000 account number 12345678')).toBe('[bank account]');
    expect(redactPii('my IRD is 49-091-850')).toBe('my IRD is [IRD number]');
    expect(redactPii('IRD 136410132')).toBe('IRD [IRD number]');
    expect(redactPii('tfn 123 456 782')).toBe('tfn [TFN]');
    expect(redactPii('ssn 123-45-6789 ok')).toBe('ssn [SSN] ok');
    expect(redactPii('social security number 123456789')).toBe('social security number [SSN]');
    expect(redactPii('mail jane.doe+x@example.co.nz now')).toBe('mail [email] now');
    expect(redactPii('ring 021 123 4567 or +1 415 555 2671')).toBe('ring [phone number] or [phone number]');
    expect(redactPii('ring (04) 472 7000', { defaultCountry: 'NZ' })).toBe('ring [phone number]');
    expect(redactPii('I was born on 3 March 1985.')).toBe('I was born on [date of birth].');
    expect(redactPii('DOB: 1985-03-03')).toBe('DOB: [date of birth]');
    expect(redactPii('date of birth is March 3, 1985')).toBe('date of birth is [date of birth]');
    expect(redactPii('my date of birth is the 4th of March 1988, thanks')).toBe(
      'my date of birth is the [date of birth], thanks',
    );
  });

  it('finds a card number after an unrelated count', () => {
    expect(redactPii('room 12 4111 1111 1111 1111')).toBe('room 12 [card number]');
  });

  it('leaves ordinary numbers, unlabelled dates and numbers failing their checks alone', () => {
    for (const text of [
      'see you at 10:30 on Tuesday, it costs $45.50',
      'we have 3 rooms, 1200 square feet, built 2019, code 4821',
      'the meeting is on 12/03/2025',
      'card 4111 1111 1111 1112',
      'ssn 666-45-6789',
      'order 12345678',
      'invoice 2024 1234 paid',
    ])
      expect(redactPii(text)).toBe(text);
  });

  it('checks IRD, TFN, SSN and Luhn as documented', () => {
    expect(irdValid('49091850')).toBe(true);
    expect(irdValid('35901981')).toBe(true);
    expect(irdValid('49098576')).toBe(true);
    expect(irdValid('136410132')).toBe(true);
    expect(irdValid('136410133')).toBe(false);
    expect(irdValid('9125568')).toBe(false);
    expect(tfnValid('123456782')).toBe(true);
    expect(tfnValid('123456789')).toBe(false);
    expect(ssnValid('000123456')).toBe(false);
    expect(ssnValid('900123456')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('redacts every string in a nested payload, keeping its keys', () => {
    expect(
      redactPiiDeep({ summary: 'mail a@b.co', turns: [{ text: 'card 4111111111111111', at: 3 }], ok: true }),
    ).toEqual({ summary: 'mail [email]', turns: [{ text: 'card [card number]', at: 3 }], ok: true });
  });

  it('property: a valid number of any kind inside ordinary text never survives', () => {
    fc.assert(
      fc.property(ordinaryText, words, validPii, words, ordinaryText, (before, w1, pii, w2, after) => {
        const text = `${before} ${w1} ${pii.text} ${w2} ${after}`;
        const out = redactPii(text);
        expect(out).not.toContain(pii.text);
        if (pii.digits) expect(out.replace(/\D/g, '')).not.toContain(pii.digits);
      }),
      { numRuns: 400 },
    );
  });

  it('property: a labelled date of birth never survives', () => {
    fc.assert(
      fc.property(words, dateOfBirth, ordinaryText, (before, { label, date }, after) => {
        const out = redactPii(`${before} ${label} ${date}. ${after}`);
        expect(out).not.toContain(date);
        expect(out).toContain('[date of birth]');
      }),
      { numRuns: 200 },
    );
  });

  it('property: ordinary short numbers (times, prices, years, counts, codes) are left alone', () => {
    fc.assert(
      fc.property(ordinaryText, (text) => {
        expect(redactPii(text)).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  const invalidCandidate = fc.oneof(
    // Card-shaped digits failing Luhn.
    fc.tuple(cardDigits, separator).map(([digits, sep]) => {
      const bad = digits.slice(0, -1) + String((Number(digits.at(-1)) + 1) % 10);
      return sep ? grouped(bad, [4, 4, 4, 4], sep) : bad;
    }),
    // IRD- and TFN-shaped digits with a wrong check digit.
    fc
      .tuple(ird, fc.integer({ min: 1, max: 9 }))
      .map(([{ digits }, shift]) => digits.slice(0, -1) + String((Number(digits.at(-1)) + shift) % 10)),
    fc
      .tuple(tfn, fc.integer({ min: 1, max: 9 }))
      .map(([{ digits }, shift]) => digits.slice(0, -1) + String((Number(digits.at(-1)) + shift) % 10)),
    // SSN-shaped numbers outside the issued ranges.
    fc
      .tuple(fc.constantFrom('000', '666', '900', '987'), digitString(2), digitString(4))
      .map(([a, g, s]) => `${a}-${g}-${s}`),
  );

  /** Every reading of a candidate as whole groups of its digits (the redactor also tries these). */
  function groupWindows(candidate: string): string[] {
    const groups = candidate.split(/[ -]/);
    const windows: string[] = [];
    for (let i = 0; i < groups.length; i++)
      for (let j = i + 1; j <= groups.length; j++) windows.push(groups.slice(i, j).join(''));
    return windows;
  }

  it('property: numbers of the same shapes failing their checks are left alone', () => {
    fc.assert(
      fc.property(words, invalidCandidate, words, (before, candidate, after) => {
        for (const digits of groupWindows(candidate))
          fc.pre(!(digits.length >= 13 && luhnValid(digits)) && !tfnValid(digits) && !irdValid(digits));
        fc.pre(findPhoneNumbersInText(candidate, { defaultCountry: 'NZ' }).length === 0);
        const text = `${before} ${candidate} ${after}`;
        expect(redactPii(text)).toBe(text);
      }),
      { numRuns: 400 },
    );
  });
});
