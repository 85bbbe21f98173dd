import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_OUTCOMES, countsAsMachine, REACHED_OUTCOMES } from './call-outcomes';
import { decideRetry, VOICEMAIL_RETRY_GAP_MINUTES, type AttemptOutcome, type RetryInput } from './dialing-retry';

const outcome = fc.constantFrom<AttemptOutcome>(...CALL_OUTCOMES);
const base = fc.record({
  maxRetries: fc.integer({ min: 0, max: 10 }),
  retryDelayMinutes: fc.integer({ min: 1, max: 1440 }),
  invalidNumber: fc.boolean(),
  endedAt: fc.integer({ min: 1.7e12, max: 1.9e12 }).map((ms) => new Date(ms)),
});

/** Plays a contact through attempts until the policy stops, with outcomes drawn in turn. */
function play(
  outcomes: AttemptOutcome[],
  settings: Omit<RetryInput, 'outcome' | 'attemptsMade' | 'earlierVoicemails'>,
) {
  let earlierVoicemails = 0;
  let attemptsMade = 0;
  for (const next of outcomes) {
    attemptsMade += 1;
    const decision = decideRetry({ ...settings, outcome: next, attemptsMade, earlierVoicemails });
    if (countsAsMachine(next)) earlierVoicemails += 1;
    if (decision.contactStatus !== 'pending') return { attemptsMade, final: decision.contactStatus, last: next };
  }
  return { attemptsMade, final: 'pending' as const, last: outcomes.at(-1) };
}

describe('retry policy by outcome', () => {
  it('never makes more than 1 + maxRetries attempts, and ends completed only on an answer', () => {
    fc.assert(
      fc.property(fc.array(outcome, { minLength: 1, maxLength: 15 }), base, (outcomes, settings) => {
        const run = play(outcomes, settings);
        expect(run.attemptsMade).toBeLessThanOrEqual(settings.maxRetries + 1);
        if (run.final === 'completed') expect(REACHED_OUTCOMES.has(run.last)).toBe(true);
        if (run.last && REACHED_OUTCOMES.has(run.last)) expect(run.final).toBe('completed');
        if (run.last === 'fax') expect(run.final).toBe('failed');
      }),
    );
  });

  it('retries busy and no answer after the contact’s delay; a machine (voicemail, no message, screened) once, at least four hours on', () => {
    const machine = (ended: AttemptOutcome) => countsAsMachine(ended);
    fc.assert(
      fc.property(
        fc.constantFrom<AttemptOutcome>('busy', 'no_answer', 'voicemail', 'machine_no_message', 'screened'),
        base,
        (ended, settings) => {
          const decision = decideRetry({ ...settings, outcome: ended, attemptsMade: 1, earlierVoicemails: 0 });
          if (settings.maxRetries === 0) {
            expect(decision.contactStatus).toBe('failed');
            return;
          }
          expect(decision.contactStatus).toBe('pending');
          const gapMin = (decision.retryAt!.getTime() - settings.endedAt.getTime()) / 60_000;
          expect(gapMin).toBe(
            machine(ended)
              ? Math.max(settings.retryDelayMinutes, VOICEMAIL_RETRY_GAP_MINUTES)
              : settings.retryDelayMinutes,
          );
          if (machine(ended)) {
            expect(
              decideRetry({ ...settings, outcome: ended, attemptsMade: 2, earlierVoicemails: 1 }).contactStatus,
            ).toBe('failed');
          }
        },
      ),
    );
  });

  it('gives up at once on an invalid number', () => {
    fc.assert(
      fc.property(base, (settings) => {
        const decision = decideRetry({
          ...settings,
          invalidNumber: true,
          outcome: 'failed',
          attemptsMade: 1,
          earlierVoicemails: 0,
        });
        expect(decision).toMatchObject({ contactStatus: 'failed', reason: 'invalid number' });
      }),
    );
  });

  it('completes a contact once a message was left, and never calls a fax line again', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 1, max: 11 }), fc.integer({ min: 0, max: 1 }), (settings, made, earlier) => {
        const left = decideRetry({
          ...settings,
          outcome: 'voicemail_left',
          attemptsMade: made,
          earlierVoicemails: earlier,
        });
        expect(left).toMatchObject({ contactStatus: 'completed', retryAt: null, reason: 'voicemail left' });
        const fax = decideRetry({ ...settings, outcome: 'fax', attemptsMade: made, earlierVoicemails: earlier });
        expect(fax).toMatchObject({ contactStatus: 'failed', retryAt: null, reason: 'fax' });
      }),
    );
  });
});
