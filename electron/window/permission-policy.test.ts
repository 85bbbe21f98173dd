import { describe, expect, it, vi } from 'vitest';
import { isAllowedExternalUrl } from './external-links';
import { permissionCheckHandler, permissionRequestHandler } from './permission-policy';

describe('permission policy', () => {
  const request = (
    permission: string,
    details: { requestingUrl: string; isMainFrame?: boolean; externalURL?: string },
  ) => {
    const callback = vi.fn();
    permissionRequestHandler({ isAllowedExternalUrl })(null, permission, callback, { isMainFrame: true, ...details });
    return callback.mock.calls[0]?.[0] as boolean;
  };

  it('lets the app copy to the clipboard', () => {
    expect(request('clipboard-sanitized-write', { requestingUrl: 'app://parley/keys' })).toBe(true);
  });

  it('opens only allowlisted external links', () => {
    const app = 'app://parley/';
    expect(request('openExternal', { requestingUrl: app, externalURL: 'mailto:support@parley.example' })).toBe(true);
    expect(request('openExternal', { requestingUrl: app, externalURL: 'ms-msdt:/id x' })).toBe(false);
    expect(request('openExternal', { requestingUrl: app })).toBe(false);
  });

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'display-capture', 'fileSystem', 'unknown'])(
    'denies %s',
    (permission) => {
      expect(request(permission, { requestingUrl: 'app://parley/' })).toBe(false);
    },
  );

  it('denies everything to other origins and embedded frames', () => {
    expect(request('clipboard-sanitized-write', { requestingUrl: 'https://js.stripe.com/v3' })).toBe(false);
    expect(request('clipboard-sanitized-write', { requestingUrl: 'app://parley/', isMainFrame: false })).toBe(false);
  });

  it('answers permission checks the same way', () => {
    const check = permissionCheckHandler({ isAllowedExternalUrl });
    expect(check(null, 'clipboard-sanitized-write', 'app://parley', { isMainFrame: true })).toBe(true);
    expect(check(null, 'media', 'app://parley', { isMainFrame: true })).toBe(false);
    expect(check(null, 'clipboard-sanitized-write', 'https://evil.test', { isMainFrame: true })).toBe(false);
  });
});
