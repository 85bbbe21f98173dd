import { object, type InferType } from 'yup';
import { MAX_ANALYTICS_DAYS } from '../domain/campaign-days';
import { trimmedText } from './strict-text.schema';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a YYYY-MM-DD that exists (not 2026-02-30), else NaN. */
function dayNumber(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? Number.NaN : ms;
}

const calendarDate = (label: string) =>
  trimmedText()
    .optional()
    .test('calendar-date', `${label} must be a date written YYYY-MM-DD`, (value) => {
      return value === undefined || (CALENDAR_DATE.test(value) && !Number.isNaN(dayNumber(value)));
    });

export const CAMPAIGN_ANALYTICS_MESSAGES = {
  order: 'From must be on or before To',
  length: `The period can be at most ${MAX_ANALYTICS_DAYS} days`,
  both: 'Give both From and To, or neither',
} as const;

/**
 * Query of GET campaigns/{id}/analytics: a period of calendar days in the campaign's time zone, both included; without
 * one, the last 30 days.
 */
export const campaignAnalyticsQuerySchema = object({
  from: calendarDate('From'),
  to: calendarDate('To'),
})
  .noUnknown('Unknown field: ${unknown}')
  .test('both', CAMPAIGN_ANALYTICS_MESSAGES.both, ({ from, to }) => (from === undefined) === (to === undefined))
  .test('order', CAMPAIGN_ANALYTICS_MESSAGES.order, ({ from, to }) => !from || !to || from <= to)
  .test(
    'length',
    CAMPAIGN_ANALYTICS_MESSAGES.length,
    ({ from, to }) => !from || !to || (dayNumber(to) - dayNumber(from)) / DAY_MS < MAX_ANALYTICS_DAYS,
  );

export type CampaignAnalyticsQuery = InferType<typeof campaignAnalyticsQuerySchema>;
