import type { TranscriptTurn } from '@shared/api/calls.types';
import type { CallAnalysis } from '@shared/schemas/calls.schema';

export type { CallAnalysis };

/**
 * Call analysis: customer sentiment, how the agent handled the caller's questions, improvement suggestions and
 * whether the caller asked not to be called again. Two implementations fill the same shape, chosen by configuration:
 * an OpenAI-compatible chat-completions endpoint, and the offline analyser (the default, no network).
 */
export interface AnalysisProvider {
  readonly name: 'offline' | 'chat-completions';
  analyse(transcript: readonly TranscriptTurn[]): Promise<CallAnalysis>;
}
