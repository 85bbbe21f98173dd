import { describe, expect, it } from 'vitest';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import { NOT_PLACED } from './dialer.store';
import { campaignProgress, endOfConversation, isConversationLive, retryHistory, retryMoment } from './settlement-rules';
import { ALL_HOURS } from './all-hours.fixture';

describe('retryHistory', () => {
  it('counts the attempts that reached the provider, this one included, and the voicemails before it', () => {
    const history = [
      { id: 'a1', outcome: 'voicemail' },
      { id: 'a2', outcome: NOT_PLACED },
      { id: 'a3', outcome: 'voicemail' },
      { id: 'a4', outcome: null },
    ];
    expect(retryHistory(history, 'a3')).toEqual({ attemptsMade: 3, earlierVoicemails: 1 });
  });
});

describe('retryMoment', () => {
  const party = { country: 'NZ', timezone: null };

  it('is none when the policy does not retry', () => {
    expect(retryMoment({ retryAt: null }, ALL_HOURS, party)).toBeNull();
  });

  it('moves a retry outside the legal hours to the next allowed moment', () => {
    const retryAt = new Date('2026-11-30T10:00:00Z'); // 23:00 in Auckland
    expect(retryMoment({ retryAt }, ALL_HOURS, party)).toEqual(new Date('2026-11-30T20:00:00Z'));
  });

  it('keeps the policy’s moment when the campaign is gone', () => {
    const retryAt = new Date('2026-11-30T10:00:00Z');
    expect(retryMoment({ retryAt }, undefined, party)).toEqual(retryAt);
  });
});

describe('endOfConversation', () => {
  const conversation = (
    fields: Partial<VoiceConversation>,
  ): Pick<VoiceConversation, 'status' | 'outcome' | 'durationSec' | 'terminationReason'> => ({
    status: 'done',
    outcome: 'answered',
    durationSec: 61.6,
    terminationReason: 'Client disconnected',
    ...fields,
  });

  it('leaves a call still on open', () => {
    for (const status of ['initiated', 'in-progress', 'processing'] as const) {
      expect(endOfConversation(conversation({ status }))).toBeNull();
    }
  });

  it('ends an answered call with its whole seconds and no reason', () => {
    expect(endOfConversation(conversation({}))).toEqual({
      outcome: 'answered',
      durationSec: 62,
      invalidNumber: false,
      reason: null,
    });
  });

  it('marks a failure for an invalid number so the contact is not tried again', () => {
    expect(
      endOfConversation(conversation({ status: 'failed', outcome: 'failed', terminationReason: 'Invalid number' })),
    ).toMatchObject({ outcome: 'failed', invalidNumber: true, reason: 'Invalid number' });
    expect(
      endOfConversation(conversation({ status: 'failed', outcome: 'failed', terminationReason: 'Carrier error' })),
    ).toMatchObject({ invalidNumber: false });
  });

  it('never records a negative duration', () => {
    expect(endOfConversation(conversation({ outcome: 'busy', durationSec: -1 }))?.durationSec).toBe(0);
  });
});

describe('isConversationLive', () => {
  it('is live once somebody picked up and until the call is over', () => {
    expect(isConversationLive('in-progress')).toBe(true);
    expect(isConversationLive('processing')).toBe(true);
    expect(isConversationLive('initiated')).toBe(false);
    expect(isConversationLive('done')).toBe(false);
  });
});

describe('campaignProgress', () => {
  it('counts completed and failed contacts as done', () => {
    expect(campaignProgress({ completed: 2, failed: 1, total: 7 })).toEqual({ done: 3, total: 7, finished: false });
  });

  it('is finished once every contact is done, and never for a campaign without contacts', () => {
    expect(campaignProgress({ completed: 2, failed: 1, total: 3 }).finished).toBe(true);
    expect(campaignProgress({ completed: 0, failed: 0, total: 0 }).finished).toBe(false);
  });
});
