import { describe, expect, it } from 'vitest';
import { CONVERSATION_UNAVAILABLE_MESSAGE } from '@shared/api/calls.types';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import { callDetailOf } from './call-detail';
import type { CallRecord } from './calls.store';

const call: CallRecord = {
  id: 'call_1',
  tenantId: 't1',
  agentId: 'a1',
  agentName: 'Front desk',
  campaignId: null,
  conversationId: 'conv_1',
  startedAt: '2026-11-24T22:00:00.000Z',
  durationSec: 62,
  costCents: 2,
  costCurrency: 'nzd',
  customerPhoneNumber: '+6421000300',
  recordingUrl: 'stored',
  conversationData: null,
  conversationCachedAt: null,
  analysis: null,
  analysedAt: null,
};

const conversation = {
  transcript: [{ role: 'agent', message: 'Kia ora', timeInCallSecs: 1 }],
  analysis: { transcriptSummary: 'Greeted.', callSuccessful: 'success' },
  recordingUrl: null,
} as unknown as VoiceConversation;

describe('callDetailOf', () => {
  it('answers the spec’s fallback without a conversation', () => {
    expect(callDetailOf({ ...call, agentName: null }, null, '2026-11-24T22:05:00.000Z')).toEqual({
      call: {
        agentName: 'Deleted agent',
        startedAt: call.startedAt,
        durationSec: 62,
        costCents: 2,
        currency: 'nzd',
        conversationId: 'conv_1',
      },
      message: CONVERSATION_UNAVAILABLE_MESSAGE,
      conversation: null,
      transcriptUnavailable: true,
      conversationCachedAt: null,
      analysedAt: null,
      recordingUrl: 'stored',
    });
  });

  it('shows the transcript in the API’s words and keeps the stored recording when the provider names none', () => {
    const detail = callDetailOf(call, conversation, '2026-11-24T22:05:00.000Z');
    expect(detail.conversation).toEqual({
      transcript: [{ role: 'agent', message: 'Kia ora', time_in_call_secs: 1 }],
      analysis: { transcript_summary: 'Greeted.', call_successful: 'success' },
      sentimentAnalysis: null,
    });
    expect(detail).toMatchObject({
      transcriptUnavailable: false,
      conversationCachedAt: '2026-11-24T22:05:00.000Z',
      recordingUrl: 'stored',
    });
  });

  it('marks an empty transcript as unavailable', () => {
    expect(callDetailOf(call, { ...conversation, transcript: [] }, null).transcriptUnavailable).toBe(true);
  });
});
