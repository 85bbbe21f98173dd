import { describe, expect, it } from 'vitest';
import { turnedPage, withNextCursor } from './keysetPaging';

describe('withNextCursor', () => {
  it('learns the cursor of the page after the one on screen', () => {
    expect(withNextCursor([undefined], 0, 'a')).toEqual([undefined, 'a']);
    expect(withNextCursor([undefined, 'a'], 1, 'b')).toEqual([undefined, 'a', 'b']);
  });
  it('forgets the pages beyond the one on screen when it is the last', () => {
    expect(withNextCursor([undefined, 'a', 'b'], 0, null)).toEqual([undefined]);
    expect(withNextCursor([undefined, 'a', 'b'], 1, null)).toEqual([undefined, 'a']);
  });
  it('replaces a later cursor that moved and keeps the list itself when nothing changed', () => {
    expect(withNextCursor([undefined, 'a', 'b'], 0, 'z')).toEqual([undefined, 'z']);
    const known = [undefined, 'a'];
    expect(withNextCursor(known, 0, 'a')).toBe(known);
  });
});

describe('turnedPage', () => {
  const current = { page: 1, pageSize: 50 };
  it('starts over at page one for a new page size', () => {
    expect(turnedPage(current, { page: 3, pageSize: 25 }, 3)).toEqual({
      pagination: { page: 0, pageSize: 25 },
      restart: true,
    });
  });
  it('moves to a page whose cursor is known, and refuses one beyond', () => {
    expect(turnedPage(current, { page: 2, pageSize: 50 }, 3)).toEqual({
      pagination: { page: 2, pageSize: 50 },
      restart: false,
    });
    expect(turnedPage(current, { page: 0, pageSize: 50 }, 3)?.pagination.page).toBe(0);
    expect(turnedPage(current, { page: 3, pageSize: 50 }, 3)).toBeNull();
  });
});
