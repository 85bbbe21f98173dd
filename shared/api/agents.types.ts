/** Voice agents, their catalogue, stats and uploads as the API returns them (spec 000 §3 and §7, 001 §3). */

export interface Voice {
  id: string;
  name: string;
  description: string;
}

export interface VoicesResponse {
  voices: Voice[];
}

export interface AgentTemplate {
  id: string;
  name: string;
  description: string;
  /** The example instructions the create dialog fills in. */
  promptStructure: string;
}

export interface AgentTemplatesResponse {
  templates: AgentTemplate[];
}

/** Totals from the per-agent daily rollup; averageDuration in seconds, totalCost in NZD dollars. */
export interface AgentStats {
  totalCalls: number;
  averageDuration: number;
  totalCost: number;
}

export interface Agent {
  id: string;
  name: string;
  purpose: string;
  greeting: string;
  closing: string;
  knowledgeUrl: string | null;
  knowledgeFileId: string | null;
  voiceId: string | null;
  /** The tenant's instructions. */
  prompt: string | null;
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
  costNzd: number;
}

export interface AgentStatsResponse extends AgentStats {
  /** NZD dollars. */
  averageCost: number;
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

export interface UploadResponse {
  fileId: string;
  fileUrl: string;
  url: string;
  fileName: string;
  mimeType: string;
  size: number;
}
