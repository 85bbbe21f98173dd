import { describe, expect, it } from 'vitest';
import type { TelephonyCall } from '../../providers/telephony/telephony.types';
import { endOfCarrierCall } from './attempt-reconciliation';

const call = (fields: Partial<TelephonyCall>): TelephonyCall => ({
  callSid: 'CA00000000000000000000000000000001',
  status: 'completed',
  answeredBy: null,
  durationSec: 42,
  startedAt: '2026-11-24T22:00:00.000Z',
  endedAt: '2026-11-24T22:01:00.000Z',
  to: '+6421000300',
  from: '+6495550100',
  ...fields,
});

describe('endOfCarrierCall', () => {
  it.each(['queued', 'ringing', 'in-progress'] as const)('leaves a call that is %s open', (status) => {
    expect(endOfCarrierCall(call({ status, durationSec: null }))).toBeNull();
  });

  it.each([
    ['busy', 'busy'],
    ['no-answer', 'no_answer'],
    ['canceled', 'no_answer'],
    ['failed', 'failed'],
  ] as const)('ends a %s call as %s, with nothing talked', (status, outcome) => {
    expect(endOfCarrierCall(call({ status, durationSec: 0 }))).toMatchObject({
      outcome,
      durationSec: 0,
      invalidNumber: false,
      reason: expect.any(String),
    });
  });

  it.each([null, 'human', 'unknown'])('counts a completed call answered by %s as answered', (answeredBy) => {
    expect(endOfCarrierCall(call({ answeredBy }))).toEqual({
      outcome: 'answered',
      durationSec: 42,
      invalidNumber: false,
      reason: null,
    });
  });

  it.each(['machine_start', 'machine_end_beep', 'machine_end_silence', 'machine_end_other'])(
    'counts a completed call answered by %s as voicemail',
    (answeredBy) => {
      expect(endOfCarrierCall(call({ answeredBy }))).toMatchObject({ outcome: 'voicemail', durationSec: 42 });
    },
  );

  it('counts a completed call answered by a fax line as fax, never to be called again', () => {
    expect(endOfCarrierCall(call({ answeredBy: 'fax' }))).toMatchObject({ outcome: 'fax', durationSec: 42 });
  });
});
