import { describe, expect, it } from 'vitest';
import { trayConnection } from './desktopStatus';

describe('desktop status', () => {
  it.each([
    [{ online: false, serverReachable: true, checking: false }, 'offline'],
    [{ online: false, serverReachable: true, checking: true }, 'offline'],
    [{ online: true, serverReachable: true, checking: true }, 'connecting'],
    [{ online: true, serverReachable: true, checking: false }, 'online'],
    [{ online: true, serverReachable: false, checking: false }, 'offline'],
  ])('reads %o as %s', (state, expected) => {
    expect(trayConnection(state)).toBe(expected);
  });
});
