import { describe, expect, it } from 'vitest';
import { DESKTOP_ORIGIN } from '../server/src/app';
import { APP_ORIGIN, isAppUrl } from './app-origin';

describe('app origin', () => {
  it("is the origin the server's CORS allowlist names", () => {
    expect(APP_ORIGIN).toBe(DESKTOP_ORIGIN);
  });

  it.each([
    ['app://parley/', true],
    ['app://parley/campaigns?tab=contacts#top', true],
    ['app://parley', true],
    ['app://parley.evil/', false],
    ['app://evil/', false],
    ['app://user@parley/', false],
    ['https://parley/', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected);
  });
});
