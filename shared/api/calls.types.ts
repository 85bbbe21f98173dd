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
  recordingUrl: string | null;
}

export const CONVERSATION_UNAVAILABLE_MESSAGE = 'Conversation data is not available for this call.';
/** GET calls/:id/recording when the voice provider has no recording of the call. */
export const NO_RECORDING_MESSAGE = 'No recording is available for this call.';
export const TRANSCRIPT_UNAVAILABLE_NOTICE = 'The transcript could not be retrieved from the voice service.';

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
  /** One point per day of the period, days without calls included; costs in minor units of `currency`. */
  series: Array<{ day: string; calls: number; successful: number; durationSec: number; costCents: number }>;
  /** Calls per outcome (answered, voicemail, busy, no_answer, failed). */
  outcomes: Array<{ outcome: string; calls: number }>;
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
}

export interface RecentCallsResponse {
  calls: RecentCallRow[];
  page: number;
  pageSize: number;
  total: number;
}
