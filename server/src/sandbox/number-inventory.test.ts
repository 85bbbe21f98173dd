import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countryInventory,
  findInventoryNumber,
  matchesContains,
  searchInventory,
  sellsNumberType,
  type InventoryCountry,
} from './number-inventory';

const COUNTRIES: InventoryCountry[] = ['NZ', 'AU', 'US'];

describe('number inventory', () => {
  it.each(COUNTRIES)('%s has unique E.164 numbers with names and places', (country) => {
    const stock = countryInventory(country);
    expect(stock.length).toBeGreaterThanOrEqual(100);
    expect(new Set(stock.map((entry) => entry.phoneNumber)).size).toBe(stock.length);
    for (const entry of stock) {
      expect(entry.phoneNumber).toMatch(/^\+[1-9]\d{9,11}$/);
      expect(entry).toMatchObject({ isoCountry: country, region: expect.any(String), locality: expect.any(String) });
      expect(findInventoryNumber(entry.phoneNumber)).toBe(entry);
    }
  });

  it.each([
    ['US', 'TollFree', /^\+18(00|88|77)\d{7}$/],
    ['AU', 'Mobile', /^\+614\d{8}$/],
  ] as const)('%s sells %s numbers, which belong to no place', (country, type, e164) => {
    const stock = countryInventory(country, type);
    expect(stock.length).toBeGreaterThan(0);
    for (const entry of stock) {
      expect(entry.phoneNumber).toMatch(e164);
      expect(entry).toMatchObject({ isoCountry: country, region: null, locality: null, latitude: null });
      expect(findInventoryNumber(entry.phoneNumber)).toBe(entry);
    }
  });

  it('sells only the types each country has (no US mobile numbers)', () => {
    expect(sellsNumberType('US', 'Mobile')).toBe(false);
    expect(countryInventory('US', 'Mobile')).toEqual([]);
    expect(sellsNumberType('US', 'TollFree')).toBe(true);
    expect(sellsNumberType('AU', 'Mobile')).toBe(true);
  });

  it('matches Twilio’s Contains: digits, keypad letters and * for one digit', () => {
    expect(matchesContains('+14155550123', '5550')).toBe(true);
    expect(matchesContains('+14155550123', '55*01')).toBe(true);
    expect(matchesContains('+14155550123', 'jkl')).toBe(true);
    expect(matchesContains('+14155550123', 'wxyz')).toBe(false);
    expect(matchesContains('+15554357000', 'help')).toBe(true);
    expect(matchesContains('+14155550123', '12-3')).toBe(false);
  });

  it('returns only numbers that pass every filter, are not taken, within the limit', () => {
    const query = fc.record({
      country: fc.constantFrom(...COUNTRIES),
      areaCode: fc.option(fc.constantFrom('9', '09', '2', '415', '212', '7', '1'), { nil: undefined }),
      contains: fc.option(fc.stringMatching(/^[0-9*]{1,4}$/), { nil: undefined }),
      voiceEnabled: fc.boolean(),
      smsEnabled: fc.boolean(),
      limit: fc.integer({ min: 1, max: 100 }),
    });
    fc.assert(
      fc.property(query, fc.integer({ min: 0, max: 10 }), ({ country, ...filters }, takenEvery) => {
        const isTaken = (phoneNumber: string) => takenEvery > 0 && Number(phoneNumber.slice(-2)) % takenEvery === 0;
        const found = searchInventory(country, 'Local', filters, isTaken);
        expect(found.length).toBeLessThanOrEqual(filters.limit);
        for (const entry of found) {
          expect(isTaken(entry.phoneNumber)).toBe(false);
          if (filters.voiceEnabled) expect(entry.capabilities.voice).toBe(true);
          if (filters.smsEnabled) expect(entry.capabilities.SMS).toBe(true);
          if (filters.contains) expect(matchesContains(entry.phoneNumber, filters.contains)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
