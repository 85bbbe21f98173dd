import type { Agent } from './agents.types';
import type { MachineHandling } from '../domain/machine-handling';
import type { CallingHoursType, CampaignPurpose, CampaignType, DayOfWeek } from '../schemas/campaign.schema';

/** A campaign as the API returns it (spec 000 §3), with the dialer's pause state. */
export interface Campaign {
  id: string;
  name: string;
  goal: string;
  /** A public page, or the path of one of the tenant's uploaded PDFs; null for none. */
  knowledgeUrl: string | null;
  active: boolean;
  campaignType: CampaignType;
  /** Marketing campaigns call only contacts with marketing consent. */
  purpose: CampaignPurpose;
  agentId: string | null;
  callingHoursType: CallingHoursType;
  /** HH:MM in `timezone`. */
  callingStartTime: string;
  callingEndTime: string;
  /** An IANA zone. */
  timezone: string;
  /** ISO 3166 code of the country contacts' numbers written without +<country code> are read in. */
  defaultCountry: string;
  daysOfWeek: DayOfWeek[];
  maxCallsPerDay: number;
  callIntervalMinutes: number;
  /** What the agent does when a machine answers (hang up or leave a message) and how it treats a screening bot. */
  machineHandling: MachineHandling;
  /** Why calling is paused (by hand or by a safety brake of the dialer); null while it is not paused. */
  pausedReason: string | null;
  pausedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignsResponse {
  campaigns: Campaign[];
}

export interface CampaignResponse {
  campaign: Campaign;
}

export interface CreateCampaignResponse {
  campaign: Campaign;
  message: string;
}

export interface DeleteCampaignResponse {
  message: string;
  /** False when a campaign with call history was only deactivated. */
  deleted: boolean;
}

/** GET campaigns/{id}/agents: the campaign's agent, if it has one (a campaign has at most one). */
export interface CampaignAgentsResponse {
  agents: Agent[];
}
