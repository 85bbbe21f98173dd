import type { Logger } from 'pino';
import { ValidationError } from 'yup';
import { backoffMs } from '@shared/domain/backoff';
import { sentimentAnalysisSchema } from '@shared/schemas/calls.schema';
import { DomainError } from '../../domain/domain-error';
import type { AnalysisProvider, CallAnalysis } from './analysis.types';

export interface ChatCompletionsOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Further attempts after a failed one: a time-out, a 429 or 5xx, an answer that is not our JSON. */
  retries: number;
  logger: Logger;
  /** Pause before retry n (1-based); doubles from 250 ms unless a test says otherwise. */
  backoffMs?: (retry: number) => number;
}

const stringArray = { type: 'array', items: { type: 'string' } } as const;

/** The JSON schema the endpoint is asked to answer with (structured outputs); the yup schema checks it again. */
const RESPONSE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['customerSentiment', 'questionAnswering', 'improvementSuggestions', 'optOut'],
  properties: {
    customerSentiment: {
      type: 'object',
      additionalProperties: false,
      required: ['overall', 'confidence', 'description'],
      properties: {
        overall: { type: 'string', enum: ['positive', 'negative', 'neutral'] },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        description: { type: 'string' },
      },
    },
    questionAnswering: {
      type: 'object',
      additionalProperties: false,
      required: ['answerQuality', 'allQuestionsAnswered', 'unansweredQuestions'],
      properties: {
        answerQuality: { type: 'number', minimum: 0, maximum: 10 },
        allQuestionsAnswered: { type: 'boolean' },
        unansweredQuestions: stringArray,
      },
    },
    improvementSuggestions: stringArray,
    optOut: {
      type: 'object',
      additionalProperties: false,
      required: ['requested', 'quote'],
      properties: { requested: { type: 'boolean' }, quote: { type: ['string', 'null'] } },
    },
  },
} as const;

const SYSTEM_PROMPT = [
  'You analyse phone calls between a business voice agent ("agent") and a caller ("user").',
  'Answer with JSON only, in the given schema:',
  "customerSentiment: the caller's overall sentiment (positive, negative or neutral), your confidence 0 to 1, one sentence why;",
  "questionAnswering: answerQuality 0 to 10 for how well the agent answered the caller's questions, whether all were answered, the unanswered questions in the caller's words;",
  'improvementSuggestions: short, concrete suggestions for the agent (empty when none);',
  'optOut: whether the caller asked not to be called again, with their words (quote) or null.',
].join(' ');

/** A failure worth another attempt, and the code to fail with once attempts run out. */
class AttemptFailed extends Error {
  constructor(
    readonly code: 'PROVIDER_TIMEOUT' | 'PROVIDER_UNAVAILABLE' | 'PROVIDER_REJECTED',
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An OpenAI-compatible chat-completions endpoint asked for structured JSON output; time-outs and retries. */
export function createChatCompletionsAnalysis(options: ChatCompletionsOptions): AnalysisProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const backoff = options.backoffMs ?? ((retry: number) => backoffMs(retry, { firstMs: 250 }));

  async function attempt(transcript: string): Promise<CallAnalysis> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: transcript },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'call_analysis', strict: true, schema: RESPONSE_SCHEMA },
          },
        }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw timedOut
        ? new AttemptFailed('PROVIDER_TIMEOUT', 'The analysis service did not answer in time.', true)
        : new AttemptFailed('PROVIDER_UNAVAILABLE', 'The analysis service could not be reached.', true);
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      throw new AttemptFailed(
        retryable ? 'PROVIDER_UNAVAILABLE' : 'PROVIDER_REJECTED',
        `The analysis service answered ${response.status}.`,
        retryable,
      );
    }
    let content: unknown;
    try {
      const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
      content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new TypeError('no message content');
      return await sentimentAnalysisSchema.validate(JSON.parse(content), { strict: true, abortEarly: true });
    } catch (error) {
      const detail = error instanceof ValidationError ? error.message : 'not JSON';
      throw new AttemptFailed('PROVIDER_REJECTED', `The analysis service's answer was malformed (${detail}).`, true);
    }
  }

  return {
    name: 'chat-completions',
    async analyse(transcript) {
      const text = JSON.stringify(transcript.map(({ role, message }) => ({ role, message })));
      for (let retry = 0; ; retry += 1) {
        try {
          return await attempt(text);
        } catch (error) {
          if (!(error instanceof AttemptFailed)) throw error;
          if (!error.retryable || retry >= options.retries) throw new DomainError(error.code, error.message);
          options.logger.warn({ retry: retry + 1, reason: error.message }, 'call analysis retried');
          await wait(backoff(retry + 1));
        }
      }
    },
  };
}
