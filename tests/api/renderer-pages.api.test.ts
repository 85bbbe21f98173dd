import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@shared/api/routes';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES } from './support/test-app';

const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-renderer-'));
fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Parley</title>');

afterAll(() => fs.rmSync(rendererDir, { recursive: true, force: true }));

describe.each(TEST_DATABASES)('renderer pages beside the API (%s)', (kind) => {
  const suite = useApiSuite(kind, { config: { serveRenderer: true, rendererDir }, tenant: false });

  it('serves the page of a client route that only begins like the API, with the page headers', async () => {
    const page = await suite.app.request('GET', '/api-keys');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Parley</title>');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('answers an unknown API path with the JSON 404, never the page', async () => {
    const missing = await suite.app.request('GET', `${API_PREFIX}/keys`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'The requested item could not be found.' });
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
