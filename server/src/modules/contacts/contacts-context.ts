import type { AppDeps } from '../../app-deps';
import { dialectOf } from '../../db/database';
import { invalidField } from '../../domain/domain-error';
import type { CampaignRecord, CampaignsService } from '../campaigns/campaigns.service';
import type { DoNotCallService } from '../do-not-call/do-not-call.service';
import type { UsersService } from '../users/users.service';
import type { EventsService } from '../events/events.service';
import { contactNotFound, contactNumberIn, notOutbound, numberTaken } from './contact-rules';
import { findContact, type ContactRecord } from './contacts.store';

export type ContactsDeps = Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'logger' | 'config'>;
export interface ContactsModules {
  campaigns: CampaignsService;
  doNotCall: DoNotCallService;
  events: Pick<EventsService, 'publish'>;
  users: Pick<UsersService, 'memberEmails'>;
}
export type ContactsContext = ReturnType<typeof createContactsContext>;

/** What every part of the contacts service shares: the campaign and contact a request names, and number checks. */
export function createContactsContext(deps: ContactsDeps, modules: ContactsModules) {
  const { db } = deps;
  const { campaigns, doNotCall } = modules;

  async function outboundCampaign(tenantId: string, campaignId: string): Promise<CampaignRecord> {
    const campaign = await campaigns.require(tenantId, campaignId);
    if (campaign.campaignType !== 'outbound') throw notOutbound();
    return campaign;
  }

  async function requireContact(tenantId: string, id: string): Promise<ContactRecord> {
    const contact = await findContact(db, tenantId, id);
    if (!contact) throw contactNotFound();
    return contact;
  }

  /** The number in E.164 (national numbers in the campaign's country), not on the do-not-call list. */
  async function callableNumber(tenantId: string, campaign: CampaignRecord, written: string): Promise<string> {
    const e164 = contactNumberIn(campaign, written);
    if ((await doNotCall.isBlocked(tenantId, [e164])).size > 0) {
      throw invalidField('phoneNumber', 'This number is on the do-not-call list.');
    }
    return e164;
  }

  /** Runs a write that may give a contact a number its campaign already holds: that is the caller's conflict. */
  async function writeOrConflict(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (dialectOf(db).isUniqueViolation(error)) throw numberTaken();
      throw error;
    }
  }

  return { deps, modules, outboundCampaign, requireContact, callableNumber, writeOrConflict };
}
