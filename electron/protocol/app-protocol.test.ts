import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { contentSecurityPolicy } from './content-security-policy';

describe('app:// protocol', () => {
  let root: string;
  let serve: (request: Request) => Promise<Response>;
  const csp = contentSecurityPolicy('http://127.0.0.1:4123');
  const get = (url: string, method = 'GET') => serve(new Request(url, { method }));

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-renderer-'));
    fs.mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>Parley</title>');
    fs.writeFileSync(path.join(root, 'dist', 'assets', 'index-abc.js'), 'export {};');
    fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the renderer');
    serve = createAppProtocolHandler({ rendererDir: path.join(root, 'dist'), contentSecurityPolicy: csp });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is a standard, secure scheme that can run module scripts', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: expect.objectContaining({ standard: true, secure: true, corsEnabled: true, supportFetchAPI: true }),
    });
    expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('bypassCSP');
  });

  it('serves the renderer with its content security policy', async () => {
    const page = await get('app://parley/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(csp);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Parley</title>');

    const script = await get('app://parley/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('export {};');
  });

  it('answers client routes with index.html and missing files with 404', async () => {
    expect(await (await get('app://parley/campaigns/42/contacts')).text()).toContain('<title>Parley</title>');
    expect((await get('app://parley/assets/missing.js')).status).toBe(404);
  });

  it.each([
    'app://parley/../secret.txt',
    'app://parley/%2e%2e/secret.txt',
    'app://parley/..%2fsecret.txt',
    'app://parley/assets/..%2F..%2Fsecret.txt',
    'app://parley/%00.js',
  ])('never serves outside the renderer folder: %s', async (url) => {
    const response = await get(url);
    expect(await response.text()).not.toContain('outside the renderer');
  });

  it('serves nothing for another host or a write', async () => {
    expect((await get('app://evil/index.html')).status).toBe(404);
    expect((await get('app://parley/', 'POST')).status).toBe(405);
  });
});

describe('content security policy', () => {
  const policy = contentSecurityPolicy('https://parley.example.com');
  const directive = (name: string) => policy.split('; ').find((each) => each.startsWith(`${name} `));

  it('lets the page reach its API and nothing else', () => {
    expect(directive('connect-src')).toBe("connect-src 'self' https://parley.example.com");
    expect(directive('default-src')).toBe("default-src 'self'");
  });

  it('allows no inline or evaluated script, plugins, framing or form posts', () => {
    expect(directive('script-src')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('form-action')).toBe("form-action 'none'");
    expect(directive('base-uri')).toBe("base-uri 'none'");
  });

  it('refuses anything but an origin, which could smuggle in directives', () => {
    expect(() => contentSecurityPolicy("https://x.test; script-src 'unsafe-inline'")).toThrow();
    expect(() => contentSecurityPolicy('https://x.test/path')).toThrow();
  });
});
