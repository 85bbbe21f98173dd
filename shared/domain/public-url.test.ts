import { describe, expect, it } from 'vitest';
import { publicUrlProblem } from './public-url';

describe('publicUrlProblem', () => {
  it.each([
    'https://example.com/faq',
    'http://www.example.co.nz/help?x=1',
    'https://example.com:443/a',
    'http://8.8.8.8/',
    'https://[2606:4700:4700::1111]/',
    'https://example.com./trailing-dot',
  ])('accepts the public URL %s', (url) => {
    expect(publicUrlProblem(url)).toBeNull();
  });

  it.each([
    // loopback in every spelling WHATWG URL accepts (SECURITY G1)
    'http://127.0.0.1/',
    'http://localhost/',
    'http://localhost./',
    'http://LOCALHOST/',
    'http://api.localhost/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    // private, link-local and shared ranges
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.5/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://224.0.0.1/',
    // names that only resolve inside a network
    'http://intranet/',
    'http://printer.local/',
    'http://metadata.google.internal/',
    // schemes, credentials and ports
    'file:///etc/passwd',
    'gopher://example.com/',
    'data:text/html,<h1>x</h1>',
    'ftp://example.com/',
    'javascript:alert(1)',
    'https://user:pass@example.com/',
    'https://user@example.com/',
    'http://example.com:8080/',
    'http://example.com:22/',
    'not a url',
    '',
  ])('blocks %s', (url) => {
    expect(publicUrlProblem(url)).toEqual(expect.any(String));
  });

  it('does not block public neighbours of private ranges', () => {
    expect(publicUrlProblem('http://172.32.0.1/')).toBeNull();
    expect(publicUrlProblem('http://100.128.0.1/')).toBeNull();
    expect(publicUrlProblem('http://11.0.0.1/')).toBeNull();
  });
});
