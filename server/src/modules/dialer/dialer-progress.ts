import type { AppDeps } from '../../app-deps';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import type { EventsService } from '../events/events.service';
import { findDialingSettings, type CampaignsForDialing } from './dialer-ports';
import { takeSlot } from './dialer.store';
import { campaignProgress } from './settlement-rules';

/** At most one campaign.progress event per campaign this often, whichever worker moves it on; screens refetch on each. */
const PROGRESS_EVERY_MS = 2_000;
/** Two workers settling a campaign's last contacts at once both see it finished; one event is enough. */
const FINISHED_DEDUPE_MS = 60_000;

export type CampaignProgress = ReturnType<typeof createCampaignProgress>;

/**
 * Tells a campaign's screens that its contacts moved on: campaign.finished once none is left to dial, otherwise
 * campaign.progress, throttled across workers. An event that cannot be sent costs a refresh, never the call's outcome.
 */
export function createCampaignProgress(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  services: {
    campaigns: Pick<CampaignsForDialing, 'dialingSettings'>;
    contacts: Pick<ContactDialingService, 'countByStatus'>;
    events: Pick<EventsService, 'publish'>;
  },
) {
  const { db, logger } = deps;
  const { campaigns, contacts, events } = services;

  /** Takes a slot on the wall clock: live events pace what people watch, not what the business clock schedules. */
  async function takeWallClockSlot(key: string, holdMs: number): Promise<boolean> {
    const nowMs = Date.now();
    return takeSlot(db, key, new Date(nowMs).toISOString(), new Date(nowMs + holdMs).toISOString());
  }

  /** Campaigns whose throttled progress this process will announce once the throttle lets it. */
  const announcing = new Set<string>();

  /**
   * A move the throttle held back is announced when the throttle frees, so the last one before a quiet spell reaches
   * the screens too. Best effort: a worker that stops first leaves it to the campaign's next move.
   */
  function announceLater(tenantId: string, campaignId: string): void {
    if (announcing.has(campaignId)) return;
    announcing.add(campaignId);
    setTimeout(() => {
      announcing.delete(campaignId);
      void announce(tenantId, campaignId);
    }, PROGRESS_EVERY_MS).unref();
  }

  async function announce(tenantId: string, campaignId: string): Promise<void> {
    try {
      const { done, total, finished } = campaignProgress(await contacts.countByStatus(tenantId, campaignId));
      if (finished) {
        if (!(await takeWallClockSlot(`finished:${campaignId}`, FINISHED_DEDUPE_MS))) return;
        const campaign = await findDialingSettings(campaigns, tenantId, campaignId);
        if (campaign)
          await events.publish(tenantId, { type: 'campaign.finished', data: { campaignId, name: campaign.name } });
        return;
      }
      if (!(await takeWallClockSlot(`progress:${campaignId}`, PROGRESS_EVERY_MS))) {
        announceLater(tenantId, campaignId);
        return;
      }
      await events.publish(tenantId, { type: 'campaign.progress', data: { campaignId, completed: done, total } });
    } catch (error) {
      logger.warn({ err: error, campaignId }, 'campaign progress not announced');
    }
  }

  return { announce };
}
