import { describe, expect, it } from 'vitest';
import { parseFrames, toLiveEvent } from './eventStream';
import type { DeliveredEvent } from '@shared/api/events.types';
import { liveEventEffects } from './liveEventEffects';
import { liveEventNotification } from './liveEventNotification';

describe('event stream reader', () => {
  it('splits complete blocks, keeps the unfinished rest, and drops heartbeats and retry', () => {
    const { frames, rest } = parseFrames(
      'retry: 3000\n: connected\n\n: ping\n\nid: 7\nevent: call.completed\ndata: {"callId":"c1"}\n\nid: 8\nevent: call.anal',
    );
    expect(frames).toEqual([{ id: '7', type: 'call.completed', data: '{"callId":"c1"}' }]);
    expect(rest).toBe('id: 8\nevent: call.anal');
  });

  it('reads CRLF line ends and multi-line data', () => {
    expect(parseFrames('id: 1\r\nevent: x\r\ndata: a\r\ndata: b\r\n\r\n').frames).toEqual([
      { id: '1', type: 'x', data: 'a\nb' },
    ]);
  });

  it('types known events and ignores unknown types and bad JSON', () => {
    expect(toLiveEvent({ id: '3', type: 'call.analysed', data: '{"callId":"c","at":"2026-01-01T00:00:00Z"}' })).toEqual(
      {
        id: '3',
        type: 'call.analysed',
        data: { callId: 'c' },
        at: '2026-01-01T00:00:00Z',
      },
    );
    expect(toLiveEvent({ id: '3', type: 'something.else', data: '{}' })).toBeNull();
    expect(toLiveEvent({ id: '3', type: 'call.analysed', data: '{' })).toBeNull();
  });

  it('makes a failed import refresh its dialog at once, which says why itself', () => {
    const failed = liveEventEffects({
      id: '7',
      at: '',
      type: 'import.failed',
      data: { importId: 'i1', campaignId: 'c1', error: 'The import could not be completed.' },
    });
    expect(failed).toEqual({ invalidate: [{ type: 'ContactImport', id: 'i1' }], toast: null });
  });

  it('takes an unnumbered event only of a type sent without numbers, and refreshes the operations on it', () => {
    expect(toLiveEvent({ id: null, type: 'call.analysed', data: '{"callId":"c"}' })).toBeNull();
    const notice = toLiveEvent({ id: null, type: 'operations.changed', data: '{"at":"2026-01-01T00:00:00Z"}' });
    expect(notice).toEqual({ id: '', type: 'operations.changed', data: {}, at: '2026-01-01T00:00:00Z' });
    expect(liveEventEffects(notice!)).toEqual({ invalidate: [{ type: 'Operations', id: 'LIVE' }], toast: null });
  });

  it('makes a finished call refresh the stats, the calls and its agent, with a toast', () => {
    const effects = liveEventEffects({
      id: '1',
      at: '',
      type: 'call.completed',
      data: { callId: 'c1', agentId: 'a1', campaignId: null, durationSec: 30 },
    });
    expect(effects.invalidate).toEqual(
      expect.arrayContaining([
        { type: 'DashboardStats', id: 'CURRENT' },
        { type: 'CallsAnalytics', id: 'CURRENT' },
        { type: 'AgentStats', id: 'a1' },
        { type: 'Call', id: 'LIST' },
      ]),
    );
    expect(effects.toast?.title).toBe('Call finished');
  });

  it('toasts a failed payment, not a reactivated one', () => {
    const status = (billingStatus: string) =>
      liveEventEffects({ id: '1', at: '', type: 'billing.status_changed', data: { billingStatus, previous: null } });
    expect(status('delinquent').toast?.title).toBe('Payment failed');
    expect(status('active').toast).toBeNull();
  });

  it('refreshes a campaign’s contacts, progress and analytics and the operations from the dialer, and an import’s progress bar', () => {
    const progress = liveEventEffects({
      id: '1',
      at: '',
      type: 'campaign.progress',
      data: { campaignId: 'k1', completed: 3, total: 10 },
    });
    expect(progress).toEqual({
      invalidate: [
        { type: 'CampaignContact', id: 'k1' },
        { type: 'Operations', id: 'LIVE' },
      ],
      toast: null,
    });
    const resumed = liveEventEffects({
      id: '4',
      at: '',
      type: 'campaign.resumed',
      data: { campaignId: 'k1', name: 'Recall' },
    });
    expect(resumed.invalidate).toContainEqual({ type: 'Operations', id: 'LIVE' });
    const finished = liveEventEffects({
      id: '2',
      at: '',
      type: 'campaign.finished',
      data: { campaignId: 'k1', name: 'Recall' },
    });
    expect(finished.invalidate).toContainEqual({ type: 'CampaignContact', id: 'k1' });
    expect(finished.toast?.description).toBe('Recall has no contacts left to call.');
    const importing = liveEventEffects({
      id: '3',
      at: '',
      type: 'import.progress',
      data: { importId: 'i1', campaignId: 'k1', processed: 500, total: 1000 },
    });
    expect(importing.invalidate).toEqual([{ type: 'ContactImport', id: 'i1' }]);
    const imported = liveEventEffects({
      id: '4',
      at: '',
      type: 'import.finished',
      data: { importId: 'i1', campaignId: 'k1', imported: 990, rejected: 10 },
    });
    expect(imported.invalidate).toEqual([
      { type: 'ContactImport', id: 'i1' },
      { type: 'CampaignContact', id: 'k1' },
    ]);
  });
});

describe('live event notifications', () => {
  const notificationOf = (event: DeliveredEvent) => liveEventNotification(event, liveEventEffects(event).toast);

  it('leads a finished call to its screen, in the words of its toast', () => {
    expect(
      notificationOf({
        id: '1',
        at: '',
        type: 'call.completed',
        data: { callId: 'c1', agentId: null, campaignId: null, durationSec: 30 },
      }),
    ).toEqual({
      kind: 'call.finished',
      title: 'Call finished',
      body: 'A call just ended; its details are ready.',
      route: '/calls/c1',
    });
  });

  it.each([
    [
      { type: 'campaign.paused', data: { campaignId: 'k1', name: 'Renewals', reason: null } },
      'campaign.paused',
      '/campaigns/k1',
    ],
    [{ type: 'campaign.finished', data: { campaignId: 'k1', name: 'Renewals' } }, 'campaign.finished', '/campaigns/k1'],
    [
      { type: 'import.finished', data: { importId: 'i', campaignId: 'k1', imported: 3, rejected: 0 } },
      'import.finished',
      '/campaigns/k1',
    ],
    [
      { type: 'billing.status_changed', data: { billingStatus: 'delinquent', previous: 'active' } },
      'payment.failed',
      '/billing',
    ],
  ] as const)('notifies %o as %s at %s', (event, kind, route) => {
    expect(notificationOf({ id: '1', at: '', ...event } as DeliveredEvent)).toMatchObject({ kind, route });
  });

  it('stays quiet for progress, analysis, purchases and a reactivated payment', () => {
    const quiet: DeliveredEvent[] = [
      { id: '1', at: '', type: 'campaign.progress', data: { campaignId: 'k', completed: 1, total: 2 } },
      { id: '1', at: '', type: 'call.analysed', data: { callId: 'c', agentId: null, overall: 'x', answerQuality: 5 } },
      { id: '1', at: '', type: 'number.purchased', data: { phoneNumberId: 'p', phoneNumber: '+6491234567' } },
      { id: '1', at: '', type: 'billing.status_changed', data: { billingStatus: 'active', previous: 'delinquent' } },
    ];
    for (const event of quiet) expect(notificationOf(event)).toBeNull();
  });
});
