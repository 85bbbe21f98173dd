import type { OperationsCampaign, PlatformOperations, TenantOperations } from '@shared/api/operations.types';
import { isCallAllowed } from '@shared/domain/calling-window';
import type { AppDeps } from '../../app-deps';
import type { CampaignsService, DialingSettings } from '../campaigns/campaigns.service';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import type { DialerLiveService } from '../dialer/dialer-live.service';
import type { DialerOverviewService } from '../dialer/dialer-overview.service';
import type { TenantsService } from '../tenants/tenants.service';
import { operationsCall, waitingReason } from './operations-rules';

/** How many due contacts are looked at to tell whether any is inside its legal hours. */
const DUE_SAMPLE = 20;
/**
 * A campaign's forecast (a simulation of its whole queue) is worked out again only when its settings or its queue's
 * counts changed, or when this long has passed: the page asks again on every live event.
 */
export const FORECAST_REUSE_MS = 60_000;

export type OperationsService = ReturnType<typeof createOperationsService>;

/**
 * Live operations of the outbound dialer: a tenant's lines, the account's pace, the calls under way and, for each
 * running campaign, its queue, what is due, its forecast and why it waits. Read through the dialer's, the campaigns'
 * and the contacts' services, never their tables.
 */
export function createOperationsService(
  deps: Pick<AppDeps, 'clock'>,
  services: {
    dialerOverview: Pick<DialerOverviewService, 'preview'>;
    dialerLive: DialerLiveService;
    campaigns: Pick<CampaignsService, 'listOperating'>;
    contacts: Pick<ContactDialingService, 'countByStatus' | 'countDue' | 'nextDueAt' | 'dueSample'>;
    tenants: Pick<TenantsService, 'get'>;
  },
) {
  const { dialerOverview, dialerLive, campaigns, contacts, tenants } = services;
  const { maxConcurrentCalls, inboundReserve, callsPerSecond } = dialerLive.capacity;
  const forecasts = new Map<string, { key: string; atMs: number; finish: string | null }>();

  /** The campaign's forecast finish, reused while its settings and counts stand and it is fresh. */
  async function forecastFinish(campaign: DialingSettings, counts: object, now: Date): Promise<string | null> {
    const key = JSON.stringify([campaign, counts]);
    const cached = forecasts.get(campaign.id);
    if (cached && cached.key === key && now.getTime() - cached.atMs < FORECAST_REUSE_MS) return cached.finish;
    for (const [id, stale] of forecasts) if (now.getTime() - stale.atMs >= FORECAST_REUSE_MS) forecasts.delete(id);
    const preview = await dialerOverview.preview(campaign.tenantId, campaign.id);
    const finish = preview.estimatedFinish?.expected ?? null;
    forecasts.set(campaign.id, { key, atMs: now.getTime(), finish });
    return finish;
  }

  /**
   * The lines a tenant's calls hold now: the one place that counts them (today the dialer's calls in flight), so
   * that a count of reserved lines can take its place.
   */
  function linesInUse(tenantId: string): Promise<number> {
    return dialerLive.linesInUse(tenantId);
  }

  async function campaignView(
    campaign: DialingSettings,
    held: { billing: boolean; lineFree: boolean },
    now: Date,
  ): Promise<OperationsCampaign> {
    const [totals, dueNow, nextDueAt, pace] = await Promise.all([
      contacts.countByStatus(campaign.tenantId, campaign.id),
      contacts.countDue(campaign.id),
      contacts.nextDueAt(campaign.id),
      dialerLive.pace(campaign, now),
    ]);
    const forecast = await forecastFinish(campaign, totals, now);
    const due = dueNow > 0 ? await contacts.dueSample(campaign.id, DUE_SAMPLE) : [];
    const waitingFor = waitingReason({
      pausedReason: campaign.pausedReason,
      billingHeld: held.billing,
      intervalPassed: !(pace.slotFreeAt && pace.slotFreeAt > now.toISOString()),
      windowOpen: isCallAllowed(now, campaign, { country: null }),
      capReached: pace.callsToday >= campaign.maxCallsPerDay,
      lineFree: held.lineFree,
      dueNow,
      dueCallable: dialerLive.anyCallable(campaign, due, now),
    });
    return {
      campaignId: campaign.id,
      name: campaign.name,
      queueDepth: totals.pending,
      dueNow,
      nextDueAt,
      forecastFinish: forecast,
      callsToday: pace.callsToday,
      maxCallsPerDay: campaign.maxCallsPerDay,
      waitingFor,
      pausedReason: campaign.pausedReason,
    };
  }

  async function tenantView(tenantId: string, running: readonly DialingSettings[]): Promise<TenantOperations> {
    const now = deps.clock.now();
    const [tenant, inUse, attempts, current, names] = await Promise.all([
      tenants.get(tenantId),
      linesInUse(tenantId),
      dialerLive.liveCalls(tenantId),
      dialerLive.currentCallsPerSecond(),
      campaignNames(tenantId, running),
    ]);
    const held = {
      billing: dialerLive.billingHolds(tenant),
      lineFree: inUse < maxConcurrentCalls - inboundReserve,
    };
    return {
      tenantId,
      tenantName: tenant.name,
      lines: { inUse, limit: maxConcurrentCalls, inboundReserve },
      callsPerSecond: { setting: callsPerSecond, current },
      calls: attempts.map((attempt) => operationsCall(attempt, names, now)),
      campaigns: await Promise.all(running.map((campaign) => campaignView(campaign, held, now))),
    };
  }

  /** The names of the tenant's outbound campaigns, for its calls under way (a paused one's calls included). */
  async function campaignNames(tenantId: string, running: readonly DialingSettings[]): Promise<Map<string, string>> {
    const known = running.length > 0 ? running : await campaigns.listOperating(tenantId);
    return new Map(known.map((campaign) => [campaign.id, campaign.name]));
  }

  return {
    linesInUse,

    async forTenant(tenantId: string): Promise<TenantOperations> {
      return tenantView(tenantId, await campaigns.listOperating(tenantId));
    },

    /** Every tenant with an active outbound campaign or a call under way. */
    async forPlatform(): Promise<PlatformOperations> {
      const [running, calls] = await Promise.all([campaigns.listOperating(null), dialerLive.liveCalls(null)]);
      const byTenant = new Map<string, DialingSettings[]>();
      for (const campaign of running)
        byTenant.set(campaign.tenantId, [...(byTenant.get(campaign.tenantId) ?? []), campaign]);
      for (const call of calls) if (!byTenant.has(call.tenantId)) byTenant.set(call.tenantId, []);
      const views = await Promise.all([...byTenant].map(([tenantId, own]) => tenantView(tenantId, own)));
      return { tenants: views.sort((a, b) => a.tenantName.localeCompare(b.tenantName)) };
    },
  };
}
