import { describe, expect, it } from 'vitest';
import { popsUp } from '@shared/domain/notification-routing';
import {
  allRead,
  centreOpened,
  notificationsSlice,
  notified,
  NOTIFICATIONS_KEPT,
  popUpChosen,
  selectUnreadCount,
} from './notificationsSlice';

const reduce = notificationsSlice.reducer;
const call = { kind: 'call.finished', title: 'Call finished', body: 'Done.', route: '/calls/c1', at: '' } as const;

describe('the notification centre', () => {
  it('counts what is unread until the centre is closed, and keeps the newest first, within its limit', () => {
    let state = reduce(undefined, centreOpened({ owner: 'u1', popUps: {} }));
    for (let i = 0; i < NOTIFICATIONS_KEPT + 5; i += 1) state = reduce(state, notified({ ...call, body: `Call ${i}` }));
    expect(state.items).toHaveLength(NOTIFICATIONS_KEPT);
    expect(state.items[0]?.body).toBe(`Call ${NOTIFICATIONS_KEPT + 4}`);
    expect(selectUnreadCount({ notifications: state })).toBe(NOTIFICATIONS_KEPT);
    state = reduce(state, allRead());
    expect(selectUnreadCount({ notifications: state })).toBe(0);
  });

  it('starts empty for another user, with that user’s choices', () => {
    let state = reduce(reduce(undefined, centreOpened({ owner: 'u1', popUps: {} })), notified(call));
    state = reduce(state, centreOpened({ owner: 'u1', popUps: {} }));
    expect(state.items).toHaveLength(1);
    state = reduce(state, centreOpened({ owner: 'u2', popUps: { 'call.finished': true } }));
    expect(state.items).toEqual([]);
    expect(popsUp('call.finished', state.popUps)).toBe(true);
  });

  it('pops up only what needs the person unless the user chose otherwise', () => {
    expect(popsUp('call.finished', {})).toBe(false);
    expect(popsUp('campaign.paused', {})).toBe(true);
    expect(popsUp('payment.failed', {})).toBe(true);
    const state = reduce(undefined, popUpChosen({ kind: 'campaign.paused', popsUp: false }));
    expect(popsUp('campaign.paused', state.popUps)).toBe(false);
  });
});
