import { describe, expect, it } from 'vitest';
import type { CampaignWindow } from '@shared/domain/calling-window';
import { forecastPending } from './forecast-rules';

const allHours: CampaignWindow = {
  callingHoursType: 'all_hours',
  callingStartTime: '00:00',
  callingEndTime: '00:00',
  timezone: 'UTC',
  daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
};
const now = new Date('2026-11-30T00:00:00Z');
const contact = (phoneNumber: string, metadata: Record<string, string> = {}) => ({ phoneNumber, metadata });

describe('forecastPending', () => {
  it('counts each skip once, by its first reason', () => {
    const pending = [
      contact('+6421000300'),
      contact('+6421000300'),
      contact('+123'),
      contact('+6421000301'),
      contact('+12025550143'),
    ];
    expect(forecastPending(pending, new Set(['+6421000301']), allHours, now)).toEqual({
      willCall: 2,
      skipped: { invalidNumber: 1, doNotCall: 1, duplicate: 1, outsideLegalHours: 0 },
    });
  });

  it('skips contacts whose legal hours never meet the window', () => {
    // 03:00–04:00 UTC: the afternoon in Auckland, after 10 pm in New York.
    const window: CampaignWindow = {
      ...allHours,
      callingHoursType: 'specific_hours',
      callingStartTime: '03:00',
      callingEndTime: '04:00',
    };
    const pending = [contact('+6421000300'), contact('+12025550143', { timezone: 'America/New_York' })];
    expect(forecastPending(pending, new Set(), window, now)).toMatchObject({
      willCall: 1,
      skipped: { outsideLegalHours: 1 },
    });
  });
});
