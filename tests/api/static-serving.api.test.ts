import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/src/http/compression.middleware';
import { startTestApp, type TestApp } from './support/test-app';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, still encoded. */
  body: Buffer;
}

/** A GET that keeps the body as it came over the wire (fetch would decode it). */
function rawGet(baseUrl: string, urlPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${urlPath}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const varyList = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

/** Static serving does not touch the database, so SQLite alone covers it. */
describe('serving the built renderer', () => {
  let app: TestApp;
  /** Holds the build and, beside it, a file that must never be served. */
  let workDir: string;
  let rendererDir: string;
  let indexHtml: Buffer;
  /** The entry script index.html loads, e.g. /assets/index-abc123.js. */
  let entryScript: string;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-renderer-'));
    fs.writeFileSync(path.join(workDir, 'secret.txt'), 'not part of the build');
    rendererDir = path.join(workDir, 'dist');
    await build({
      configFile: path.resolve(import.meta.dirname, '../../renderer/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: rendererDir, emptyOutDir: true, sourcemap: false },
    });
    indexHtml = fs.readFileSync(path.join(rendererDir, 'index.html'));
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(indexHtml.toString());
    if (!script?.[1]) throw new Error('The built index.html loads no entry script');
    entryScript = script[1];
    app = await startTestApp('sqlite', { config: { serveRenderer: true, rendererDir } });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it.each(['/api-keys', '/apiary', '/auth', '/calls/abc', '/'])(
    'answers the client route %s with index.html, not the API',
    async (route) => {
      const response = await rawGet(app.baseUrl, route);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body.equals(indexHtml)).toBe(true);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it.each(['/api', '/api/', '/api/no-such-route'])('answers %s from the API with a JSON 404', async (apiPath) => {
    const response = await app.request('GET', apiPath);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body.code).toBe('NOT_FOUND');
  });

  it.each([
    ['br', '.br', brotliDecompressSync],
    ['gzip', '.gz', gunzipSync],
  ] as const)('sends the %s copy made at build time to a client that takes it', async (encoding, suffix, decode) => {
    const response = await rawGet(app.baseUrl, entryScript, { 'accept-encoding': encoding });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(varyList(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toMatch(/javascript/);
    const built = path.join(rendererDir, entryScript);
    expect(response.body.equals(fs.readFileSync(`${built}${suffix}`))).toBe(true);
    expect(decode(response.body).equals(fs.readFileSync(built))).toBe(true);
  });

  it('sends the plain file to a client that takes no encoding', async () => {
    const response = await rawGet(app.baseUrl, entryScript, { 'accept-encoding': 'identity' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.equals(fs.readFileSync(path.join(rendererDir, entryScript)))).toBe(true);
  });

  it('sends index.html precompressed too', async () => {
    const response = await rawGet(app.baseUrl, '/api-keys', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).equals(indexHtml)).toBe(true);
  });

  it('lets browsers keep hashed assets for good', async () => {
    const response = await rawGet(app.baseUrl, entryScript, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives index.html an ETag and answers a matching If-None-Match with 304 on any client route', async () => {
    const first = await rawGet(app.baseUrl, '/', { 'accept-encoding': 'br' });
    const tag = first.headers.etag;
    expect(tag).toBeTruthy();
    const revalidated = await rawGet(app.baseUrl, '/api-keys', { 'accept-encoding': 'br', 'if-none-match': tag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const changed = await rawGet(app.baseUrl, '/', { 'accept-encoding': 'br', 'if-none-match': 'W/"another-build"' });
    expect(changed.status).toBe(200);
    expect(brotliDecompressSync(changed.body).equals(indexHtml)).toBe(true);
  });

  it('answers a missing hashed asset with 404, not index.html', async () => {
    const response = await rawGet(app.baseUrl, '/assets/index-deadbeef.js');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
    expect(response.body.includes('<div id="root">')).toBe(false);
  });

  // Encoded slashes, so that the client's URL parser leaves the dot segments for the server to refuse.
  it.each(['/..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/assets/..%2f..%2fsecret.txt'])(
    'never serves a file from outside the build: %s',
    async (attempt) => {
      const response = await rawGet(app.baseUrl, attempt, { 'accept-encoding': 'identity' });
      expect(response.status).toBeLessThan(500);
      expect(response.body.toString()).not.toContain('not part of the build');
    },
  );

  it('compresses JSON above the threshold', async () => {
    const { accessToken } = await app.login(DEMO_ACCOUNTS.admin.email);
    const plain = await app.request('GET', '/api/agent-templates', { token: accessToken });
    expect(plain.status).toBe(200);
    expect(Buffer.byteLength(plain.text)).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const response = await rawGet(app.baseUrl, '/api/agent-templates', {
      authorization: `Bearer ${accessToken}`,
      'accept-encoding': 'br',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyList(response)).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(response.body).toString())).toEqual(plain.body);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(plain.text));
  });

  it('sends tiny JSON as it is', async () => {
    const response = await rawGet(app.baseUrl, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString())).toBeTruthy();
  });
});
