import { describe, expect, it } from 'vitest';
import { checkServerAddress, isInAppPath, SERVER_ADDRESS_MESSAGES } from './server-address';

describe('server address', () => {
  it.each([
    ['https://parley.example.com/app', 'https://parley.example.com'],
    ['https://parley.example.com:8443', 'https://parley.example.com:8443'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['  https://trimmed.example.com  ', 'https://trimmed.example.com'],
  ])('accepts %s as %s', (raw, origin) => {
    expect(checkServerAddress(raw)).toEqual({ ok: true, origin });
  });

  it.each([
    ['plain http to another machine', 'http://parley.example.com', SERVER_ADDRESS_MESSAGES.insecure],
    ['plain http to a private address', 'http://192.168.1.10:3000', SERVER_ADDRESS_MESSAGES.insecure],
    ['a loopback look-alike', 'http://localhost.evil.test', SERVER_ADDRESS_MESSAGES.insecure],
    ['credentials', 'https://admin:secret@parley.example.com', SERVER_ADDRESS_MESSAGES.credentials],
    ['another scheme', 'file:///etc/passwd', SERVER_ADDRESS_MESSAGES.insecure],
    ['not a URL', 'parley.example.com', SERVER_ADDRESS_MESSAGES.notUrl],
  ])('refuses %s', (_name, raw, message) => {
    expect(checkServerAddress(raw)).toEqual({ ok: false, message });
  });
});

describe('in-app path', () => {
  it.each(['/', '/calls/3f6c1a2e-1b9c-4d55-9c1e-2f0e5c1d9a11', '/campaigns/abc?tab=contacts', '/billing'])(
    'accepts %s',
    (path) => expect(isInAppPath(path)).toBe(true),
  );

  it.each([
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    'javascript:alert(1)',
    'calls/abc',
    '/calls/../../etc',
    '/calls/<script>',
    '/calls/a#b',
    `/${'a'.repeat(600)}`,
    '',
  ])('refuses %s', (path) => expect(isInAppPath(path)).toBe(false));
});
