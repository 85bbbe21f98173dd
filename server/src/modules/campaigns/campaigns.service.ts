import type { TenantsService } from '../tenants/tenants.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { EventsService } from '../events/events.service';
import { createCampaignsContext, type CampaignAgents, type CampaignsDeps } from './campaigns-context';
import { createCampaignsDialing } from './campaigns-dialing';
import { createCampaignsEditing } from './campaigns-editing';

export { isRunningOutbound } from './campaign-rules';
export type { DialingSettings } from './campaigns-dialing';
export type { CampaignRecord } from './campaigns.store';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/**
 * Campaigns (spec 000 §2, §3, §5): the plan's campaign limit, one agent per campaign, outbound only for tenants with
 * outbound calling, a knowledge source that is a public page or one of the tenant's PDFs; and what the dialer reads.
 */
export function createCampaignsService(
  deps: CampaignsDeps,
  tenants: TenantsService,
  uploads: UploadsService,
  events: Pick<EventsService, 'publish'>,
  /** The agents module is built after this one (it calls campaigns too): a port that reaches it at call time. */
  agents: CampaignAgents,
) {
  const context = createCampaignsContext(deps, { tenants, uploads, events, agents });
  return {
    ...createCampaignsEditing(context),
    /** The campaign with its tenant, for the modules that work inside it (contacts, the dialer). */
    require: context.require,
    ...createCampaignsDialing(context),
  };
}
