import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { AnalysisProvider } from './analysis.types';
import { createChatCompletionsAnalysis } from './chat-completions.analysis';
import { createOfflineAnalysis } from './offline.analysis';

export type { AnalysisProvider } from './analysis.types';

/** The chat-completions analyser when ANALYSIS_BASE_URL is set, otherwise the offline one. */
export function createAnalysisProvider(config: Config, logger: Logger): AnalysisProvider {
  if (!config.analysisBaseUrl) return createOfflineAnalysis();
  return createChatCompletionsAnalysis({
    baseUrl: config.analysisBaseUrl,
    apiKey: config.analysisApiKey,
    model: config.analysisModel,
    timeoutMs: config.analysisTimeoutMs,
    retries: config.analysisRetries,
    logger: logger.child({ component: 'analysis' }),
  });
}
