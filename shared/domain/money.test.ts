import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMicros, minorUnitDigits, parseCurrencyRates, UnknownCurrencyPairError } from './money';

const rates = parseCurrencyRates('USD:NZD=1.7, usd:aud=1.5');

describe('money', () => {
  it('converts a vendor charge to whole minor units at the pair’s rate, halves up', () => {
    expect(convertMicros(1_000_000, 'usd', 'nzd', rates)).toBe(170);
    expect(convertMicros(20_000, 'usd', 'aud', rates)).toBe(3);
    // 0.0025 USD at 1.7 is 0.425 NZD cents: nearer 0 than 1.
    expect(convertMicros(2_500, 'usd', 'nzd', rates)).toBe(0);
    expect(convertMicros(10_000, 'USD', 'NZD', rates)).toBe(2); // 1.7 cents
    expect(convertMicros(-5_000_000, 'usd', 'nzd', rates)).toBe(0);
    expect(convertMicros(1_234_567, 'usd', 'usd', {})).toBe(123);
  });

  it('refuses a pair without a configured rate, and the reverse of a configured one', () => {
    expect(() => convertMicros(1_000_000, 'usd', 'eur', rates)).toThrow(UnknownCurrencyPairError);
    expect(() => convertMicros(1_000_000, 'nzd', 'usd', rates)).toThrow('No rate is configured from NZD to USD');
  });

  it('is monotone, integer and never negative for every configured pair', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.double({ min: 0.0001, max: 1000, noNaN: true }),
        fc.constantFrom('nzd', 'aud', 'jpy'),
        (a, b, rate, to) => {
          const table = { [`usd:${to}`]: rate };
          const [low, high] = a <= b ? [a, b] : [b, a];
          const lowMinor = convertMicros(low, 'usd', to, table);
          const highMinor = convertMicros(high, 'usd', to, table);
          expect(Number.isInteger(lowMinor) && Number.isInteger(highMinor)).toBe(true);
          expect(lowMinor).toBeGreaterThanOrEqual(0);
          expect(lowMinor).toBeLessThanOrEqual(highMinor);
        },
      ),
    );
  });

  it('refuses every pair missing from the table', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('usd', 'eur', 'gbp'),
        fc.constantFrom('nzd', 'aud', 'jpy'),
        fc.nat(),
        (from, to, micros) => {
          expect(() => convertMicros(micros, from, to, { 'usd:chf': 0.9 })).toThrow(UnknownCurrencyPairError);
        },
      ),
    );
  });

  it('knows each currency’s minor unit', () => {
    expect(minorUnitDigits('nzd')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
  });

  it('reads a rate table and refuses malformed entries', () => {
    expect(parseCurrencyRates('')).toEqual({});
    expect(parseCurrencyRates('USD:NZD=1.62')).toEqual({ 'usd:nzd': 1.62 });
    expect(() => parseCurrencyRates('USD:NZD=0')).toThrow('USD:NZD=0');
    expect(() => parseCurrencyRates('USD-NZD=1.7')).toThrow('FROM:TO=<positive rate>');
    expect(() => parseCurrencyRates('USD:NZD=abc')).toThrow();
    expect(() => parseCurrencyRates('USD:NZD=1.7,usd:nzd=1.8')).toThrow('given twice');
  });
});
