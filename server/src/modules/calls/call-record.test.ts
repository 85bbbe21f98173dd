import { describe, expect, it } from 'vitest';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import { isFinalConversation, newCallOf, postCallEventId } from './call-record';

const conversation = (fields: Partial<VoiceConversation> = {}): VoiceConversation => ({
  conversationId: 'conv_1',
  agentId: 'agent_1',
  status: 'done',
  startedAt: '2026-11-24T22:00:00.000Z',
  durationSec: 61.6,
  vendorCost: { currency: 'usd', amountMicros: 12_345.6 },
  direction: 'outbound',
  agentPhoneNumber: '+6495550100',
  customerPhoneNumber: '+6421000300',
  outcome: 'answered',
  transcript: [{ role: 'agent', message: 'Kia ora', timeInCallSecs: 0 }],
  analysis: { transcriptSummary: 'Greeted.', callSuccessful: 'success' },
  recordingUrl: null,
  hasRecording: true,
  ...fields,
});

const ids = { id: 'call_1', agentId: 'a1', campaignId: null, costCents: 2, currency: 'nzd' };

describe('newCallOf', () => {
  it('records whole seconds, an end that long after the start, and both costs', () => {
    expect(newCallOf(conversation(), ids)).toMatchObject({
      conversationId: 'conv_1',
      status: 'answered',
      startedAt: '2026-11-24T22:00:00.000Z',
      endedAt: '2026-11-24T22:01:02.000Z',
      durationSec: 62,
      costCents: 2,
      costCurrency: 'nzd',
      vendorCurrency: 'usd',
      vendorCostMicros: 12_346,
      voicemailDetected: false,
      summary: 'Greeted.',
      callSuccessful: 'success',
    });
  });

  it('never records a negative length or charge, and notes a voicemail', () => {
    const call = newCallOf(
      conversation({ durationSec: -3, outcome: 'voicemail', vendorCost: { currency: 'usd', amountMicros: -5 } }),
      ids,
    );
    expect(call).toMatchObject({ durationSec: 0, vendorCostMicros: 0, voicemailDetected: true });
    expect(call.endedAt).toBe(call.startedAt);
  });

  it('caches the conversation as read', () => {
    const read = conversation({ analysis: null });
    const call = newCallOf(read, ids);
    expect(JSON.parse(call.conversationData)).toEqual(read);
    expect(call).toMatchObject({ summary: null, callSuccessful: null });
  });
});

describe('isFinalConversation and postCallEventId', () => {
  it('records only conversations that are over, under one key per conversation', () => {
    expect(isFinalConversation('done')).toBe(true);
    expect(isFinalConversation('failed')).toBe(true);
    expect(isFinalConversation('processing')).toBe(false);
    expect(postCallEventId('conv_1')).toBe('post_call:conv_1');
  });
});
