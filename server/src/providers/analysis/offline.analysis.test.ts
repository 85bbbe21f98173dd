import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TranscriptTurn } from '@shared/api/calls.types';
import { sentimentAnalysisSchema } from '@shared/schemas/calls.schema';
import { analyseTranscript } from './offline.analysis';
import transcripts from './offline.analysis.fixtures.json';

const turn = (role: 'user' | 'agent', message: string, time = 0): TranscriptTurn => ({
  role,
  message,
  time_in_call_secs: time,
});

/** Calls to a dental clinic, one per kind of caller the analyser tells apart. */
const {
  positive: POSITIVE,
  negative: NEGATIVE,
  neutral: NEUTRAL,
  unanswered: UNANSWERED,
  'opt-out': OPT_OUT,
} = transcripts as Record<keyof typeof transcripts, TranscriptTurn[]>;

describe('offline call analyser', () => {
  it('finds a positive caller and an answered question', () => {
    const result = analyseTranscript(POSITIVE);
    expect(result.customerSentiment.overall).toBe('positive');
    expect(result.customerSentiment.confidence).toBeGreaterThan(0.7);
    expect(result.questionAnswering).toEqual({
      answerQuality: 10,
      allQuestionsAnswered: true,
      unansweredQuestions: [],
    });
    expect(result.improvementSuggestions).toEqual([]);
    expect(result.optOut).toEqual({ requested: false, quote: null });
  });

  it('finds a negative caller and suggests acknowledging the concern', () => {
    const result = analyseTranscript(NEGATIVE);
    expect(result.customerSentiment.overall).toBe('negative');
    expect(result.customerSentiment.confidence).toBeGreaterThan(0.7);
    expect(result.customerSentiment.description).toMatch(/unhappy/);
    expect(result.improvementSuggestions).toContain(
      'The caller sounded unhappy: acknowledge the concern and offer a clear next step.',
    );
  });

  it('calls a matter-of-fact caller neutral', () => {
    const result = analyseTranscript(NEUTRAL);
    expect(result.customerSentiment.overall).toBe('neutral');
    expect(result.questionAnswering.allQuestionsAnswered).toBe(true);
  });

  it('lists unanswered questions in the caller’s words and scores the answers low', () => {
    const result = analyseTranscript(UNANSWERED);
    expect(result.questionAnswering.unansweredQuestions).toEqual([
      'Do you take children as patients?',
      'And how much is a check-up?',
      'Where do I park?',
    ]);
    expect(result.questionAnswering.allQuestionsAnswered).toBe(false);
    expect(result.questionAnswering.answerQuality).toBeLessThan(4);
    expect(result.improvementSuggestions).toEqual(
      expect.arrayContaining([
        'Answer every question the caller asks: 3 questions went unanswered.',
        'Add knowledge for the questions the agent could not answer: it said it did not know.',
        'Close the call by thanking the caller and confirming the next step.',
      ]),
    );
  });

  it('detects a caller asking not to be called again', () => {
    const result = analyseTranscript(OPT_OUT);
    expect(result.optOut).toEqual({ requested: true, quote: 'Please stop calling me.' });
    expect(result.improvementSuggestions).toContain(
      'The caller asked not to be called again: respect it and confirm it on the call.',
    );
  });

  it('scores 0 when the agent never spoke', () => {
    expect(analyseTranscript([turn('user', 'Hello? Anyone there?')]).questionAnswering.answerQuality).toBe(0);
  });

  const anyTranscript = fc.array(
    fc.record({
      role: fc.constantFrom<'user' | 'agent'>('user', 'agent'),
      message: fc.string({ maxLength: 200 }),
      time_in_call_secs: fc.nat(600),
    }),
    { maxLength: 20 },
  );

  it('always fills the schema, within its ranges, and gives the same result for the same transcript', () => {
    fc.assert(
      fc.property(anyTranscript, (transcript) => {
        const result = analyseTranscript(transcript);
        expect(sentimentAnalysisSchema.validateSync(result, { strict: true })).toEqual(result);
        expect(analyseTranscript(structuredClone(transcript))).toEqual(result);
      }),
    );
  });
});
