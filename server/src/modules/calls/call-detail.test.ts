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
  transcriptPurgedAt: null,
  recordingPurgedAt: null,
  status: 'answered',
  transfer: null,
  direction: 'inbound',
  disclosureMissing: null,
};

const conversation = {
  transcript: [{ role: 'agent', message: 'Kia ora', timeInCallSecs: 1 }],
  analysis: { transcriptSummary: 'Greeted.', callSuccessful: 'success' },
  recordingUrl: null,
  hasRecording: false,
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
        outcome: 'answered',
        transfer: null,
        disclosureMissing: null,
      },
      message: CONVERSATION_UNAVAILABLE_MESSAGE,
      conversation: null,
      transcriptUnavailable: true,
      conversationCachedAt: null,
      analysedAt: null,
      hasRecording: true,
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
      hasRecording: true,
    });
  });

  it('offers the recording the provider holds audio for, and none when neither it nor the call has one', () => {
    const unstored = { ...call, recordingUrl: null };
    expect(callDetailOf(unstored, { ...conversation, hasRecording: true }, null).hasRecording).toBe(true);
    expect(callDetailOf(unstored, conversation, null).hasRecording).toBe(false);
    expect(callDetailOf(unstored, null, null).hasRecording).toBe(false);
  });

  it('keeps an empty transcript apart from one the provider could not return', () => {
    const silent = callDetailOf(call, { ...conversation, transcript: [] }, null);
    expect(silent.transcriptUnavailable).toBe(false);
    expect(silent.conversation?.transcript).toEqual([]);
  });
});
