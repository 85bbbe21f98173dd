import { describe, expect, it } from 'vitest';
import { operationsCall, waitingReason, type CampaignState } from './operations-rules';

const ready: CampaignState = {
  pausedReason: null,
  billingHeld: false,
  intervalPassed: true,
  windowOpen: true,
  capReached: false,
  lineFree: true,
  dueNow: 3,
  dueCallable: true,
};

describe('waitingReason', () => {
  it('is null when the next pass calls someone', () => {
    expect(waitingReason(ready)).toBeNull();
  });

  it('names the first reason in the order the dialer checks', () => {
    expect(waitingReason({ ...ready, pausedReason: 'Holiday', windowOpen: false })).toBe('paused');
    expect(waitingReason({ ...ready, pausedReason: 'Paused: the account’s payment is past due.' })).toBe('brake');
    expect(waitingReason({ ...ready, intervalPassed: false, windowOpen: false })).toBe('interval');
    expect(waitingReason({ ...ready, billingHeld: true, windowOpen: false })).toBe('brake');
    expect(waitingReason({ ...ready, windowOpen: false, capReached: true })).toBe('window');
    expect(waitingReason({ ...ready, capReached: true, lineFree: false })).toBe('cap');
    expect(waitingReason({ ...ready, lineFree: false, dueNow: 0 })).toBe('lines');
    expect(waitingReason({ ...ready, dueNow: 0, dueCallable: false })).toBe('nothing_due');
    expect(waitingReason({ ...ready, dueCallable: false })).toBe('legal_hours');
  });
});

describe('operationsCall', () => {
  it('names the campaign and counts whole seconds since the call started', () => {
    const now = new Date('2026-11-30T00:01:05.900Z');
    const attempt = {
      id: 'a',
      campaignId: 'c',
      startedAt: '2026-11-30T00:00:00.000Z',
      createdAt: '2026-11-30T00:00:00.000Z',
    };
    expect(operationsCall(attempt, new Map([['c', 'Recall']]), now)).toEqual({
      attemptId: 'a',
      campaignId: 'c',
      campaignName: 'Recall',
      startedAt: '2026-11-30T00:00:00.000Z',
      durationSec: 65,
    });
  });
});
