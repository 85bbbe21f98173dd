/** Voice agents and their stats as the API returns them (spec 000 §3 and §7, 001 §3). */

/** Totals from the per-agent daily rollup. */
export interface AgentStats {
  totalCalls: number;
  /** Seconds. */
  averageDuration: number;
  /** What the agent's calls cost, in minor units of `currency` (the spec's totalCost, in integer cents). */
  totalCostCents: number;
  /** The tenant's currency (its plan's), ISO 4217 in lower case. */
  currency: string;
}

import type { TransferTarget } from '../domain/transfer-target';

export type { TransferTarget };

/** An agent's knowledge source: a public page the voice provider reads, or one of the tenant's uploaded PDFs. */
export type KnowledgeSource = { url: string } | { fileId: string };

export interface Agent {
  id: string;
  name: string;
  purpose: string;
  greeting: string;
  /** The line it opens outbound calls with (who is calling, that it is an automated assistant); null when none. */
  disclosure: string | null;
  closing: string;
  knowledge: KnowledgeSource | null;
  voiceId: string | null;
  /** The tenant's instructions. */
  prompt: string | null;
  /** People or team numbers the agent may hand a caller to (warm transfer), at most five. */
  transferTargets: TransferTarget[];
  /** Hang up after this many seconds without speech (5–300). */
  silenceTimeoutSeconds: number;
  /** End any call at this length, in seconds (30–3600). */
  maxCallSeconds: number;
  /** End a call when the callee puts the agent on hold music. */
  endCallOnHoldMusic: boolean;
  active: boolean;
  locked: boolean;
  /** The assigned number in E.164, or null. */
  phoneNumber: string | null;
  phoneNumberId: string | null;
  elevenlabsAgentId: string | null;
  createdAt: string;
  updatedAt: string;
  stats: AgentStats;
}

export interface AgentsResponse {
  agents: Agent[];
}

export interface AgentResponse {
  agent: Agent;
}

export interface CreateAgentResponse {
  agent: Agent;
  /** The agent's dedicated number in E.164, or null when none was chosen. */
  phoneNumber: string | null;
  message: string;
}

export interface DeleteAgentResponse {
  message: string;
  /** False when an active agent was only deactivated. */
  deleted: boolean;
}

export interface RecentCall {
  id: string;
  startedAt: string;
  durationSec: number;
  /** Minor units of `currency` (the spec's costNzd, in integer cents). */
  costCents: number;
  currency: string;
}

export interface AgentStatsResponse extends AgentStats {
  /** Minor units of `currency`, rounded to the nearest one (the spec's averageCost, in integer cents). */
  averageCostCents: number;
  recentCalls: RecentCall[];
}

export interface SyncCallsResponse {
  /** Conversations the provider listed for the agent. */
  synced: number;
  /** Calls recorded now that were not recorded before. */
  created: number;
  message: string;
}

export interface SimulateCallResponse {
  message: string;
  /** The sandbox conversation the call becomes; it is recorded when its post-call webhook arrives. */
  conversationId: string;
}

export interface DashboardStats {
  activeAgents: number;
  activePhoneNumbers: number;
  /** Minutes used this calendar month (UTC). */
  minutesUsed: number;
  totalCalls: number;
}
