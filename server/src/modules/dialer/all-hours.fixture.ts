import type { CampaignWindow } from '@shared/domain/calling-window';
import { DAYS_OF_WEEK } from '@shared/schemas/campaign.schema';

/** A campaign window open at every hour of every day, for tests of the dialer's rules. */
export const ALL_HOURS: CampaignWindow = {
  callingHoursType: 'all_hours',
  callingStartTime: '00:00',
  callingEndTime: '00:00',
  timezone: 'UTC',
  daysOfWeek: [...DAYS_OF_WEEK],
};
