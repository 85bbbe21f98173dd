import { describe, expect, it } from 'vitest';
import { calledPartyOf, nextDialableMoment } from './window-rules';
import { ALL_HOURS } from './all-hours.fixture';

const nz = { country: 'NZ', timezone: null };

describe('calledPartyOf', () => {
  it('takes the country from the number and the zones stored with the contact', () => {
    const stored = { phoneNumber: '+12025550143', metadata: {}, timezones: ['America/Adak', 'America/Anchorage'] };
    expect(calledPartyOf(stored)).toEqual({ country: 'US', zones: stored.timezones, timezone: null });
    expect(calledPartyOf({ ...stored, timezones: ['America/Chicago'] })).toEqual({
      country: 'US',
      zones: ['America/Chicago'],
      timezone: 'America/Chicago',
    });
  });

  it('works the zones out from the metadata, then the number, for a contact read without them', () => {
    expect(calledPartyOf({ phoneNumber: '+6421000300', metadata: { timezone: 'Pacific/Chatham' } })).toEqual({
      country: 'NZ',
      zones: ['Pacific/Chatham'],
      timezone: 'Pacific/Chatham',
    });
    expect(calledPartyOf({ phoneNumber: '+12025550143', metadata: {} })).toEqual({
      country: 'US',
      zones: ['America/New_York'],
      timezone: 'America/New_York',
    });
    // Christmas Island: its own country for libphonenumber, under the Australian rule, in its own zone.
    expect(calledPartyOf({ phoneNumber: '+61891640000', metadata: {} })).toEqual({
      country: 'CX',
      zones: ['Indian/Christmas'],
      timezone: 'Indian/Christmas',
    });
  });

  it('knows no country for an unparsable number, and no zone unless the metadata names one', () => {
    expect(calledPartyOf({ phoneNumber: '+123', metadata: {} })).toEqual({
      country: null,
      zones: [],
      timezone: null,
    });
  });
});

describe('nextDialableMoment', () => {
  it('is now inside the legal hours', () => {
    const now = new Date('2026-11-30T00:00:00Z'); // 13:00 on a Monday in Auckland
    expect(nextDialableMoment(now, ALL_HOURS, nz)).toEqual(now);
  });

  it('moves to the next legal morning outside them', () => {
    const now = new Date('2026-11-30T10:00:00Z'); // 23:00 in Auckland
    expect(nextDialableMoment(now, ALL_HOURS, nz)).toEqual(new Date('2026-11-30T20:00:00Z'));
  });

  it('waits out the lookahead when nothing is allowed in it', () => {
    const now = new Date('2026-11-30T00:00:00Z');
    expect(nextDialableMoment(now, { ...ALL_HOURS, daysOfWeek: [] }, nz)).toEqual(new Date('2026-12-08T00:00:00Z'));
  });
});
