import { DateTime } from 'luxon';
import { campaignOpenings, type CampaignWindow } from './calling-window';

export interface PacingSettings {
  maxCallsPerDay: number;
  callIntervalMinutes: number;
}

/** Beyond this, an estimate is no use to anyone: the preview says it cannot tell. */
const HORIZON_DAYS = 3 * 365;
const CHUNK_DAYS = 31;

/**
 * When the last of `contacts` first calls would be placed if the campaign started at `from`: one call every interval
 * while its window is open, at most maxCallsPerDay a campaign day. Retries and legal hours of single contacts are
 * left out, so it is the earliest finish. Null when there is nothing to call or it takes more than three years.
 */
export function estimateFinish(
  contacts: number,
  window: CampaignWindow,
  pacing: PacingSettings,
  from: Date,
): Date | null {
  if (contacts <= 0) return null;
  const intervalMs = pacing.callIntervalMinutes * 60_000;
  const callsByDay = new Map<string, number>();
  let remaining = contacts;
  let chunkStart = from;
  for (let elapsed = 0; elapsed < HORIZON_DAYS; elapsed += CHUNK_DAYS) {
    let lastOpening = chunkStart;
    for (const { open, close } of campaignOpenings(window, chunkStart, CHUNK_DAYS)) {
      if (open < chunkStart) continue;
      const day = DateTime.fromJSDate(open, { zone: window.timezone }).toISODate() as string;
      const usedToday = callsByDay.get(day) ?? 0;
      const fits = Math.ceil((close.getTime() - open.getTime()) / intervalMs);
      const calls = Math.min(fits, pacing.maxCallsPerDay - usedToday, remaining);
      if (calls <= 0) continue;
      callsByDay.set(day, usedToday + calls);
      remaining -= calls;
      if (remaining === 0) return new Date(open.getTime() + (calls - 1) * intervalMs);
      lastOpening = close;
    }
    chunkStart = new Date(Math.max(lastOpening.getTime(), chunkStart.getTime() + CHUNK_DAYS * 86_400_000));
  }
  return null;
}
