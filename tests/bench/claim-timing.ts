import type { Db } from '../../server/src/db/database';
import { newId } from '../../server/src/lib/ids';
import type { TestApp } from '../api/support/test-app';
import { interleave } from './harness';

/** Time of one call in milliseconds. */
export async function timed(body: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await body();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * The dialer's claim of `size` due contacts of a campaign against its bare twin, a primary-key fetch of as many of
 * the campaign's rows, interleaved over `repetitions` after a warm-up. Each claim is given back (untimed), so every
 * claim finds the campaign as full as the first.
 */
export async function claimAgainstKeyFetch(
  app: TestApp,
  campaignId: string,
  size: number,
  repetitions: number,
): Promise<{ ours: number; bare: number }> {
  const db: Db = app.deps.db;
  const { contactDialing } = app.built.services;
  const rows = (await db('outbound_contacts')
    .where({ campaign_id: campaignId })
    .limit(size * 40)
    .select('id')) as Array<{ id: string }>;
  const ids = rows.map((row) => row.id);
  let round = 0;
  const claim = async () => {
    const token = newId();
    const ms = await timed(() => contactDialing.claimDue(campaignId, size, token, 60));
    await db('outbound_contacts')
      .where({ lease_token: token })
      .update({ status: 'pending', lease_token: null, lease_until: null });
    return ms;
  };
  const fetchByKey = () => {
    const slice = ids.slice((round % 40) * size, (round % 40) * size + size);
    round += 1;
    return timed(() => db('outbound_contacts').whereIn('id', slice));
  };
  for (let i = 0; i < 3; i += 1) {
    await claim();
    await fetchByKey();
  }
  return interleave(repetitions, claim, fetchByKey);
}
