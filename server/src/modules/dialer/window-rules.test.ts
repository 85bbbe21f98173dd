import { describe, expect, it } from 'vitest';
import type { CampaignWindow } from '@shared/domain/calling-window';
import { calledPartyOf, nextDialableMoment } from './window-rules';

const allHours: CampaignWindow = {
  callingHoursType: 'all_hours',
  callingStartTime: '00:00',
  callingEndTime: '00:00',
  timezone: 'UTC',
  daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
};
const nz = { country: 'NZ', timezone: null };

describe('calledPartyOf', () => {
  it('takes the country from the number and a zone from the metadata', () => {
    expect(calledPartyOf({ phoneNumber: '+6421000300', metadata: { timezone: 'Pacific/Chatham' } })).toEqual({
      country: 'NZ',
      timezone: 'Pacific/Chatham',
    });
    expect(calledPartyOf({ phoneNumber: '+12025550143', metadata: { Timezone: 'America/New_York' } })).toEqual({
      country: 'US',
      timezone: 'America/New_York',
    });
  });

  it('knows no country for an unparsable number, and no zone unless the metadata names one', () => {
    expect(calledPartyOf({ phoneNumber: '+123', metadata: {} })).toEqual({
      country: null,
      timezone: null,
    });
  });
});

describe('nextDialableMoment', () => {
  it('is now inside the legal hours', () => {
    const now = new Date('2026-11-30T00:00:00Z'); // 13:00 on a Monday in Auckland
    expect(nextDialableMoment(now, allHours, nz)).toEqual(now);
  });

  it('moves to the next legal morning outside them', () => {
    const now = new Date('2026-11-30T10:00:00Z'); // 23:00 in Auckland
    expect(nextDialableMoment(now, allHours, nz)).toEqual(new Date('2026-11-30T20:00:00Z'));
  });

  it('waits out the lookahead when nothing is allowed in it', () => {
    const now = new Date('2026-11-30T00:00:00Z');
    expect(nextDialableMoment(now, { ...allHours, daysOfWeek: [] }, nz)).toEqual(new Date('2026-12-08T00:00:00Z'));
  });
});
