import { describe, expect, it } from 'vitest';
import { DesktopSettingsError, resolveServerTarget, serverOrigin } from './server-target';

describe('server target', () => {
  it('starts the embedded demo server when nothing is configured', () => {
    expect(resolveServerTarget({}, null)).toEqual({ kind: 'embedded' });
    expect(resolveServerTarget({ PARLEY_SERVER_URL: '  ' }, '{}')).toEqual({ kind: 'embedded' });
  });

  it('talks to the server named in the settings file', () => {
    expect(resolveServerTarget({}, JSON.stringify({ serverUrl: 'https://parley.example.com/app' }))).toEqual({
      kind: 'remote',
      origin: 'https://parley.example.com',
    });
  });

  it('lets PARLEY_SERVER_URL win over the settings file', () => {
    const settings = JSON.stringify({ serverUrl: 'https://settings.example.com' });
    expect(resolveServerTarget({ PARLEY_SERVER_URL: 'https://env.example.com' }, settings)).toEqual({
      kind: 'remote',
      origin: 'https://env.example.com',
    });
  });

  it.each(['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000'])('allows http on %s', (url) => {
    expect(serverOrigin(url, 'test')).toBe(url);
  });

  it.each([
    ['plain http to another machine', 'http://parley.example.com'],
    ['credentials', 'https://admin:secret@parley.example.com'],
    ['another scheme', 'file:///etc/passwd'],
    ['not a URL', 'parley.example.com'],
  ])('refuses %s', (_name, url) => {
    expect(() => serverOrigin(url, 'test')).toThrow(DesktopSettingsError);
  });

  it.each([
    ['broken JSON', '{'],
    ['an unknown setting', JSON.stringify({ serverURL: 'https://typo.example.com' })],
    ['a non-string URL', JSON.stringify({ serverUrl: 42 })],
    ['an insecure URL', JSON.stringify({ serverUrl: 'http://parley.example.com' })],
  ])('stops on %s rather than falling back to the demo', (_name, text) => {
    expect(() => resolveServerTarget({}, text)).toThrow(DesktopSettingsError);
  });
});
