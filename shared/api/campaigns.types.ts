import type { Agent } from './agents.types';
import type { CallingHoursType, CampaignType, DayOfWeek } from '../schemas/campaign.schema';

/** A campaign as the API returns it (spec 000 §3), with the dialer's pause state. */
export interface Campaign {
  id: string;
  name: string;
  goal: string;
  /** A public page, or the path of one of the tenant's uploaded PDFs; null for none. */
  knowledgeUrl: string | null;
  active: boolean;
  campaignType: CampaignType;
  agentId: string | null;
  callingHoursType: CallingHoursType;
  /** HH:MM in `timezone`. */
  callingStartTime: string;
  callingEndTime: string;
  /** An IANA zone. */
  timezone: string;
  daysOfWeek: DayOfWeek[];
  maxCallsPerDay: number;
  callIntervalMinutes: number;
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
