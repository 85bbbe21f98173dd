/** A call and its conversation as the call detail page reads them (spec 001 §3 Call). */

export type TranscriptRole = 'user' | 'agent';

export interface TranscriptTurn {
  role: TranscriptRole;
  message: string;
  time_in_call_secs: number;
}

export type SentimentOverall = 'positive' | 'negative' | 'neutral';

export interface CustomerSentiment {
  overall: SentimentOverall;
  /** 0 to 1. */
  confidence: number;
  description: string;
}

export interface QuestionAnswering {
  /** 0 to 10; coloured green at 7 or more, yellow at 4 or more, red below (spec 001 §9). */
  answerQuality: number;
  allQuestionsAnswered: boolean;
  unansweredQuestions: string[];
}

export interface SentimentAnalysis {
  customerSentiment: CustomerSentiment;
  questionAnswering: QuestionAnswering;
  improvementSuggestions: string[];
}

export interface CallSummary {
  agentName: string;
  startedAt: string;
  durationSec: number;
  /** What the call cost, in minor units of `currency` (the spec's costNzd, in integer cents). */
  costCents: number;
  /** ISO 4217, lower case: the tenant's currency when the call was recorded. */
  currency: string;
  conversationId: string;
  /** How the call ended: one of the shared call outcomes (shared/domain/call-outcomes.ts). */
  outcome: string;
  /** The warm transfer the agent attempted during the call, if any. */
  transfer: CallTransfer | null;
  /**
   * An outbound call whose opening words lacked the AI disclosure (who is calling, that it is automated), as its
   * analysis found; null when not checked (an inbound call, or not analysed yet).
   */
  disclosureMissing: boolean | null;
}

/** A call's transfer: to whom, how long it rang (0 when the target was outside its hours), answered or not. */
export interface CallTransfer {
  targetName: string | null;
  targetNumber: string;
  ringSecs: number;
  answered: boolean;
}

export interface CallConversation {
  /** Empty when the voice service could not return it; `transcriptUnavailable` then says so. */
  transcript: TranscriptTurn[];
  analysis: { transcript_summary: string; call_successful: string } | null;
  sentimentAnalysis: SentimentAnalysis | null;
}

export interface CallDetailResponse {
  call: CallSummary;
  /** The spec's fallback text when there is no conversation to show. */
  message?: string;
  conversation: CallConversation | null;
  /** True when the transcript could not be retrieved from the voice service. */
  transcriptUnavailable: boolean;
  /** When the conversation and the analysis were cached (UTC ISO), or null. */
  conversationCachedAt: string | null;
  analysedAt: string | null;
  /** Whether the provider holds a recording; the page then shows an audio player. */
  hasRecording: boolean;
}

export const CONVERSATION_UNAVAILABLE_MESSAGE = 'Conversation data is not available for this call.';
/** GET calls/:id/recording when the voice provider has no recording of the call. */
export const NO_RECORDING_MESSAGE = 'No recording is available for this call.';
/** A call whose transcript the tenant's retention (data policy) has deleted. */
export const TRANSCRIPT_DELETED_MESSAGE = 'The transcript of this call was deleted under the data policy.';
export const TRANSCRIPT_UNAVAILABLE_NOTICE = 'The transcript could not be retrieved from the voice service.';
/** A call the provider returned with no turns: nobody spoke (it was not answered, or met a machine). */
export const NO_SPEECH_NOTICE = 'Nobody spoke on this call, so it has no transcript.';

/** What a re-analysis covers: one call, an agent's calls or a campaign's calls. */
export type AnalysisRunScope = 'call' | 'agent' | 'campaign';

export interface AnalysisRun {
  id: string;
  scope: AnalysisRunScope;
  scopeId: string;
  status: 'running' | 'finished';
  total: number;
  succeeded: number;
  failed: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface AnalysisRunResponse {
  run: AnalysisRun;
}

/** The dashboard's calls analytics panel (spec 000 §2), read from the daily rollups. */
export interface CallsAnalyticsResponse {
  from: string;
  to: string;
  totals: {
    totalCalls: number;
    successfulCalls: number;
    /** 0 to 1; 0 when there are no calls. */
    successRate: number;
    /** Seconds. */
    averageDuration: number;
    /** Minor units of `currency`; the average is rounded to the nearest one. */
    totalCostCents: number;
    averageCostCents: number;
  };
  /**
   * One point per day of the period, days without calls included; costs in minor units of `currency`; who answered
   * (a person, a machine), the messages left on machines and the calls handed to a person that day.
   */
  series: Array<{
    day: string;
    calls: number;
    successful: number;
    durationSec: number;
    costCents: number;
    person: number;
    machine: number;
    voicemailLeft: number;
    transferred: number;
  }>;
  /** Calls per outcome (every one of shared/domain/call-outcomes.ts that occurred). */
  outcomes: Array<{ outcome: string; calls: number }>;
  /**
   * Who answered the period's calls: a person (also when handed over), a machine (a message left or not, a screening
   * bot, a fax), the messages left; rates are shares of all calls, null without calls.
   */
  reach: {
    person: number;
    machine: number;
    voicemailLeft: number;
    personRate: number | null;
    machineRate: number | null;
  };
  /** Warm transfers in the period: handed to a person who answered, or missed; and callbacks due now. */
  transfers: { transferred: number; transferMissed: number; callbacksDue: number };
  /** The tenant's currency (its plan's), ISO 4217 in lower case. */
  currency: string;
}

export interface RecentCallRow {
  id: string;
  agentId: string | null;
  agentName: string;
  startedAt: string;
  durationSec: number;
  /** Minor units of `currency`. */
  costCents: number;
  currency: string;
  status: string;
  callSuccessful: string | null;
  direction: 'inbound' | 'outbound';
  /** An outbound call whose opening lacked the AI disclosure; null until checked, and for inbound calls. */
  disclosureMissing: boolean | null;
}

export interface RecentCallsResponse {
  calls: RecentCallRow[];
  page: number;
  pageSize: number;
  total: number;
}
