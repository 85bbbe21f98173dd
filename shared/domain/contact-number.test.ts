import fc from 'fast-check';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { countryOfTimezone, readContactNumber } from './contact-number';
import { assertProperty } from '../../tests/support/property-runs';

describe('readContactNumber', () => {
  it('reads E.164 and national numbers in the default country', () => {
    expect(readContactNumber('+64211234567')).toEqual({ ok: true, e164: '+64211234567' });
    expect(readContactNumber(' 021 123 4567 ', 'NZ')).toEqual({ ok: true, e164: '+64211234567' });
    expect(readContactNumber('(415) 555-2671', 'US')).toEqual({ ok: true, e164: '+14155552671' });
  });

  it('says why a number cannot be called', () => {
    expect(readContactNumber('021 123 4567')).toEqual({
      ok: false,
      reason: expect.stringContaining('No country code'),
    });
    expect(readContactNumber('hello', 'NZ')).toEqual({ ok: false, reason: 'Not a phone number' });
    expect(readContactNumber('+6421', 'NZ')).toEqual({ ok: false, reason: expect.stringMatching(/short|valid/) });
    expect(readContactNumber('+99912345678')).toEqual({ ok: false, reason: expect.any(String) });
  });

  it('reads strict E.164 exactly as the general parser does (the fast path is only faster)', async () => {
    const e164 = fc
      .tuple(
        fc.constantFrom('1', '44', '61', '64', '81', '65', '33', '7', '998', '999', '0'),
        fc.stringMatching(/^\d{0,13}$/),
      )
      .map(([code, rest]) => `+${code}${rest}`);
    await assertProperty(
      fc.property(e164, (number) => {
        const parsed = parsePhoneNumberFromString(number);
        const valid = parsed?.isValid() === true;
        const reading = readContactNumber(number);
        expect(reading.ok).toBe(valid);
        if (reading.ok) expect(reading.e164).toBe(parsed?.number);
      }),
      { minRuns: 200, numRuns: 2_000, budgetMs: 3_000 },
    );
  });
});

describe('readContactNumber on any text', () => {
  it('answers a reading or a reason for every cell, never an error', async () => {
    const cell = fc.oneof(
      fc.string(),
      fc.stringMatching(/^\s*\+?[\d\s().-]{0,20}\s*$/),
      fc.constantFrom('+', '+64', '+1', '+998', '+0', '++64', '+64 ', ' +64'),
    );
    const country = fc.constantFrom(undefined, 'NZ', 'GB', 'US', 'AU') as fc.Arbitrary<CountryCode | undefined>;
    await assertProperty(
      fc.property(cell, country, (written, defaultCountry) => {
        const reading = readContactNumber(written, defaultCountry);
        expect(reading.ok ? reading.e164 : reading.reason).toEqual(expect.any(String));
      }),
      { minRuns: 500, numRuns: 5_000, budgetMs: 3_000 },
    );
    expect(readContactNumber('+64')).toEqual({ ok: false, reason: expect.any(String) });
  });
});

describe('countryOfTimezone', () => {
  it('names the country of the spec timezones and none for UTC', () => {
    expect(countryOfTimezone('Pacific/Auckland')).toBe('NZ');
    expect(countryOfTimezone('Australia/Perth')).toBe('AU');
    expect(countryOfTimezone('America/Denver')).toBe('US');
    expect(countryOfTimezone('UTC')).toBeUndefined();
  });
});
