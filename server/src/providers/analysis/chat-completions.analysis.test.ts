import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TranscriptTurn } from '@shared/api/calls.types';
import { DomainError } from '../../domain/domain-error';
import type { CallAnalysis } from './analysis.types';
import { createChatCompletionsAnalysis } from './chat-completions.analysis';

const GOOD: CallAnalysis = {
  customerSentiment: { overall: 'positive', confidence: 0.9, description: 'Happy caller.' },
  questionAnswering: { answerQuality: 8, allQuestionsAnswered: true, unansweredQuestions: [] },
  improvementSuggestions: ['Offer a reminder text.'],
  optOut: { requested: false, quote: null },
};

const TRANSCRIPT: TranscriptTurn[] = [
  { role: 'agent', message: 'Hello!', time_in_call_secs: 0 },
  { role: 'user', message: 'When do you open?', time_in_call_secs: 2 },
];

interface ChatRequest {
  model: string;
  response_format: { type: string };
  messages: Array<{ role: string; content: string }>;
}

type Reply = { status?: number; content?: string; delayMs?: number; raw?: string };

/** A local OpenAI-compatible chat-completions endpoint that answers each request with the next scripted reply. */
describe('chat-completions call analyser', () => {
  let server: http.Server;
  let baseUrl: string;
  let replies: Reply[];
  let requests: Array<{ headers: http.IncomingHttpHeaders; body: ChatRequest }>;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        requests.push({ headers: req.headers, body: JSON.parse(text) });
        const reply = replies.shift() ?? { status: 500 };
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
          res.end(
            reply.raw ?? JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply.content } }] }),
          );
        }, reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    replies = [];
    requests = [];
  });

  const analyser = (retries = 2, timeoutMs = 1000) =>
    createChatCompletionsAnalysis({
      baseUrl,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs,
      retries,
      logger: pino({ level: 'silent' }),
      backoffMs: () => 10,
    });

  it('asks for structured JSON with the key and model, and returns the validated answer', async () => {
    replies = [{ content: JSON.stringify(GOOD) }];
    expect(await analyser().analyse(TRANSCRIPT)).toEqual(GOOD);
    const [request] = requests;
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.response_format.type).toBe('json_schema');
    expect(request?.body.messages[1]?.content).toContain('When do you open?');
  });

  it('retries malformed JSON and answers that break the schema, then succeeds', async () => {
    const outOfRange = { ...GOOD, questionAnswering: { ...GOOD.questionAnswering, answerQuality: 11 } };
    replies = [
      { content: '{"customerSentiment": ' },
      { content: JSON.stringify(outOfRange) },
      { content: JSON.stringify(GOOD) },
    ];
    expect(await analyser().analyse(TRANSCRIPT)).toEqual(GOOD);
    expect(requests).toHaveLength(3);
  });

  it('fails with PROVIDER_REJECTED once every attempt was malformed', async () => {
    replies = [{ content: 'not json' }, { raw: '<html>' }, { content: JSON.stringify({ ...GOOD, extra: 1 }) }];
    const error = await analyser()
      .analyse(TRANSCRIPT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('PROVIDER_REJECTED');
    expect(requests).toHaveLength(3);
  });

  it('gives up on a slow endpoint with PROVIDER_TIMEOUT after its retries', async () => {
    replies = [
      { delayMs: 500, content: JSON.stringify(GOOD) },
      { delayMs: 500, content: JSON.stringify(GOOD) },
    ];
    const started = Date.now();
    const error = await analyser(1, 100)
      .analyse(TRANSCRIPT)
      .catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('PROVIDER_TIMEOUT');
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('retries a 503 and a 429, but not a 401', async () => {
    replies = [{ status: 503 }, { status: 429 }, { content: JSON.stringify(GOOD) }];
    expect(await analyser().analyse(TRANSCRIPT)).toEqual(GOOD);
    replies = [{ status: 401 }, { content: JSON.stringify(GOOD) }];
    requests = [];
    expect(
      (
        (await analyser()
          .analyse(TRANSCRIPT)
          .catch((e: unknown) => e)) as DomainError
      ).code,
    ).toBe('PROVIDER_REJECTED');
    expect(requests).toHaveLength(1);
  });
});
