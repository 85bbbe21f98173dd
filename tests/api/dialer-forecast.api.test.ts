import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { campaignDayOf, nextAllowedTime, type CampaignWindow } from '@shared/domain/calling-window';
import { dialingPreviewResponseSchema } from '@shared/schemas/dialer-preview.schema';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { outboundScene } from './support/outbound-scene';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/** Wednesday 25 November 2026, 11:00 in Auckland (NZDT); 06:00 in Perth, three hours before Australia's legal hours. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');

const WINDOW: CampaignWindow = {
  callingHoursType: 'specific_hours',
  callingStartTime: '09:00',
  callingEndTime: '17:00',
  timezone: 'Pacific/Auckland',
  daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
};

/**
 * The activation preview against the dialer itself: the campaign is previewed, then dialled pass after pass on the
 * test clock (the sandbox settling each call before the clock moves on), and its last call must fall in the range the
 * preview gave.
 */
describe.each(TEST_DATABASES)('dialer forecast (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let app: TestApp;
  let scene: Awaited<ReturnType<typeof outboundScene>>;

  beforeAll(async () => {
    app = suite.app;
    scene = await outboundScene(app, suite.tenant, clock);
  });

  const inFlight = async (campaignId: string) =>
    (await app.deps.db('call_attempts').where({ campaign_id: campaignId }).whereIn('status', ['dialing', 'answered']))
      .length;

  /** When the dialer can next do anything, from why its pass did nothing: the exact moment, never a guess. */
  async function nextMoment(campaignId: string, idle: string | null): Promise<Date> {
    const now = clock.now();
    const minuteLater = new Date(now.getTime() + 60_000);
    if (idle === 'window') return nextAllowedTime(now, WINDOW, { country: null }) ?? minuteLater;
    if (idle === 'cap') return new Date(campaignDayOf(now, WINDOW.timezone).end);
    if (idle === 'nothing-due') {
      const row = (await app.deps
        .db('outbound_contacts')
        .where({ campaign_id: campaignId, status: 'pending' })
        .min({ at: 'next_attempt_at' })
        .first()) as { at: string | Date | null } | undefined;
      const dueAt = row?.at ? new Date(row.at) : minuteLater;
      return dueAt > now ? dueAt : minuteLater;
    }
    return minuteLater;
  }

  it('finds the dialer’s last call inside the range the preview gave', async () => {
    const campaignId = await scene.insertCampaign({ max_calls_per_day: 4, call_interval_minutes: 2 });
    for (const suffix of ['300', '301', '302', '303', '304'])
      await scene.insertContact(campaignId, `+6421000${suffix}`);
    // Busy every time (the sandbox's numbers ending in 7): one retry an hour later, then given up.
    await scene.insertContact(campaignId, '+6421000307', { max_retries: 1, retry_delay_minutes: 60 });
    await scene.insertContact(campaignId, '+61891234560', {
      metadata: JSON.stringify({ timezone: 'Australia/Perth' }),
    });
    await scene.insertContact(campaignId, '+64123');

    const res = await app.request('GET', apiRoutes.dialer.preview(campaignId), { token: suite.tenant.user.token });
    expect(res.status, res.text).toBe(200);
    expect(() => dialingPreviewResponseSchema.validateSync(res.body, { strict: true })).not.toThrow();
    expect(res.body).toMatchObject({
      total: 8,
      callableNow: 6,
      // 09:00 in Perth.
      callableLater: [{ count: 1, firstCallableAt: '2026-11-25T01:00:00.000Z' }],
      neverCallable: { count: 1, invalidNumber: 1 },
    });
    const { earliest, latest } = res.body.estimatedFinish as { earliest: string; latest: string };
    // Four calls today, the cap; tomorrow from 09:00 NZDT two more and the invalid number (dialled, refused), then
    // Perth's at 09:00 there, 14:00 in Auckland.
    expect(earliest).toBe('2026-11-26T01:00:00.000Z');

    for (let pass = 0; pass < 300; pass += 1) {
      const { placed, idle } = await scene.dial(campaignId);
      await eventually(async () => expect(await inFlight(campaignId)).toBe(0));
      const left = await app.deps
        .db('outbound_contacts')
        .where({ campaign_id: campaignId })
        .whereIn('status', ['pending', 'in_progress'])
        .count({ n: '*' })
        .first();
      if (Number(left?.n) === 0) break;
      clock.set(placed ? new Date(clock.now().getTime() + 2 * 60_000) : await nextMoment(campaignId, idle));
    }
    const attempts = await app.deps.db('call_attempts').where({ campaign_id: campaignId }).orderBy('started_at');
    // The busy contact twice, and the invalid number once: the provider refuses it.
    expect(attempts).toHaveLength(9);
    const finishedAt = new Date(attempts.at(-1).started_at).toISOString();
    expect(finishedAt >= earliest, `${finishedAt} before ${earliest}`).toBe(true);
    expect(finishedAt <= latest, `${finishedAt} after ${latest}`).toBe(true);
  });
});
