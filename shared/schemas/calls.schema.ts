import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import type { SentimentAnalysis } from '../api/calls.types';
import { fromQueryText, trimmedText } from './strict-text.schema';

/**
 * A call's sentiment analysis (spec 001 §3), as every analyser must return it: the offline one builds it, and the
 * chat-completions one is asked for it as JSON and held to it, so a malformed answer never reaches a call.
 */
export const sentimentAnalysisSchema = object({
  customerSentiment: object({
    overall: mixed<'positive' | 'negative' | 'neutral'>().oneOf(['positive', 'negative', 'neutral']).required(),
    confidence: number().strict().min(0).max(1).required(),
    description: string().strict().max(2000).required(),
  })
    .noUnknown()
    .required(),
  questionAnswering: object({
    answerQuality: number().strict().min(0).max(10).required(),
    allQuestionsAnswered: boolean().strict().required(),
    unansweredQuestions: array(string().strict().max(1000).required()).max(50).required(),
  })
    .noUnknown()
    .required(),
  improvementSuggestions: array(string().strict().max(1000).required()).max(20).required(),
  /** Whether the caller asked not to be called again, and their words. */
  optOut: object({
    requested: boolean().strict().required(),
    quote: string().strict().max(1000).nullable().defined(),
  })
    .noUnknown()
    .required(),
}).noUnknown();

export type CallAnalysis = InferType<typeof sentimentAnalysisSchema>;

/** What the API shows of an analysis: the spec's three parts (the opt-out feeds do-not-call, not the page). */
export function publicAnalysis(analysis: CallAnalysis): SentimentAnalysis {
  const { customerSentiment, questionAnswering, improvementSuggestions } = analysis;
  return { customerSentiment, questionAnswering, improvementSuggestions };
}

export const ANALYSIS_RUN_SCOPES = ['call', 'agent', 'campaign'] as const;

/** POST analysis-runs: re-analyse one call, an agent's calls or a campaign's calls. */
export const analysisRunSchema = object({
  scope: trimmedText()
    .required('Scope is required')
    .oneOf(ANALYSIS_RUN_SCOPES, 'Scope must be one of call, agent or campaign'),
  id: trimmedText().required('Id is required').max(64, 'Id must be 64 characters or less'),
}).noUnknown('Unknown field: ${unknown}');

export const CALLS_PERIODS = ['7d', '30d', '90d'] as const;
export type CallsPeriod = (typeof CALLS_PERIODS)[number];
export const PERIOD_DAYS: Record<CallsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

const agentFilter = () => trimmedText().max(64, 'Agent id must be 64 characters or less').optional();

/** Query of GET calls/analytics: the period and, optionally, one agent. */
export const callsAnalyticsQuerySchema = object({
  period: trimmedText().oneOf(CALLS_PERIODS, 'Period must be one of 7d, 30d or 90d').default('30d'),
  agentId: agentFilter(),
});

export const RECENT_CALLS_PAGE_SIZE_MAX = 100;

/** Query of GET calls: a page of the tenant's calls, newest first. */
export const recentCallsQuerySchema = object({
  page: number()
    .transform(fromQueryText)
    .typeError('Page must be a whole number')
    .integer('Page must be a whole number')
    .min(0, 'Page must be 0 or more')
    .max(100_000, 'Page must be 100000 or less')
    .default(0),
  pageSize: number()
    .transform(fromQueryText)
    .typeError('Page size must be a whole number')
    .integer('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(RECENT_CALLS_PAGE_SIZE_MAX, `Page size must be ${RECENT_CALLS_PAGE_SIZE_MAX} or less`)
    .default(10),
  agentId: agentFilter(),
  /** Only outbound calls whose opening lacked the AI disclosure. */
  disclosureMissing: boolean()
    .transform(fromQueryText)
    .typeError('disclosureMissing must be true or false')
    .default(false),
});
