import { ElevenLabsError, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { describe, expect, it } from 'vitest';
import { conversationStatusOf, elevenLabsConversations, outcomeOf, toConversation } from './elevenlabs-conversations';

const conversation = (
  status: string,
  metadata: Partial<ElevenLabs.ConversationHistoryMetadataCommonModel> = {},
): ElevenLabs.GetConversationResponseModel =>
  ({
    conversationId: 'conv_1',
    agentId: 'agent_1',
    status,
    transcript: [
      { role: 'agent', message: 'Hello', timeInCallSecs: 0 },
      { role: 'user', timeInCallSecs: 2 },
    ],
    metadata: { startTimeUnixSecs: 1_700_000_000, callDurationSecs: 61, costFiat: 0.1234567, ...metadata },
  }) as unknown as ElevenLabs.GetConversationResponseModel;

describe('outcomeOf', () => {
  it("takes the phone call's own result first", () => {
    const raw = conversation('done', {
      terminationReason: 'voicemail detected',
      phoneCall: { callResult: 'busy' },
    } as never);
    expect(outcomeOf(raw)).toBe('busy');
  });

  it('reads the ending when the call has no result', () => {
    expect(outcomeOf(conversation('done', { terminationReason: 'Voicemail detected' }))).toBe('voicemail');
    expect(outcomeOf(conversation('done', { terminationReason: 'line busy' }))).toBe('busy');
    expect(outcomeOf(conversation('done', { terminationReason: 'no-answer' }))).toBe('no_answer');
    expect(outcomeOf(conversation('failed'))).toBe('failed');
    expect(outcomeOf(conversation('done'))).toBe('answered');
  });
});

describe('toConversation', () => {
  it('maps an unknown status to processing, the cost to micro-dollars and turns to our roles', () => {
    const mapped = toConversation(conversation('queued-somewhere'));
    expect(mapped.status).toBe('processing');
    expect(mapped.vendorCost).toEqual({ currency: 'usd', amountMicros: 123457 });
    expect(mapped.startedAt).toBe('2023-11-14T22:13:20.000Z');
    expect(mapped.transcript).toEqual([
      { role: 'agent', message: 'Hello', timeInCallSecs: 0 },
      { role: 'user', message: '', timeInCallSecs: 2 },
    ]);
    expect(mapped).toMatchObject({ direction: 'inbound', analysis: null, recordingUrl: null, userId: null });
  });

  it('keeps known statuses', () => {
    expect(conversationStatusOf('in-progress')).toBe('in-progress');
    expect(conversationStatusOf('done')).toBe('done');
  });
});

describe('deleteConversation', () => {
  const convaiDeleting = (result: () => Promise<unknown>) =>
    ({ conversations: { delete: () => result() } }) as unknown as Parameters<typeof elevenLabsConversations>[0];

  it('deletes through the SDK, and counts a conversation the vendor no longer has as deleted', async () => {
    await expect(elevenLabsConversations(convaiDeleting(async () => ({}))).deleteConversation('conv_1')).resolves.toBe(
      undefined,
    );
    const gone = convaiDeleting(() => Promise.reject(new ElevenLabsError({ statusCode: 404, body: {} })));
    await expect(elevenLabsConversations(gone).deleteConversation('conv_1')).resolves.toBe(undefined);
  });

  it('fails on any other answer, so the purge tries the call again next time', async () => {
    const down = convaiDeleting(() => Promise.reject(new ElevenLabsError({ statusCode: 500, body: {} })));
    await expect(elevenLabsConversations(down).deleteConversation('conv_1')).rejects.toThrow();
  });
});
