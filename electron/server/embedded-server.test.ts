import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { createLogger } from '../../server/src/logger';
import { startEmbeddedServer, type EmbeddedServer } from './embedded-server';

describe('embedded demo server', () => {
  let dataDir: string;
  let server: EmbeddedServer | null = null;
  const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
  const start = () =>
    startEmbeddedServer({
      dataDir,
      rendererDir: path.join(dataDir, 'no-renderer'),
      logger,
      overrides: { passwordHashCost: 10 },
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-embedded-'));
    server = await start();
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on a loopback port of its own', () => {
    expect(server?.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server?.origin).not.toBe('http://127.0.0.1:0');
  });

  it('answers /api/health from its SQLite database', async () => {
    const response = await fetch(`${server?.origin}${apiRoutes.health()}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
    expect(fs.existsSync(path.join(dataDir, 'parley.sqlite'))).toBe(true);
  });

  it('accepts the console at app://parley across origins', async () => {
    const response = await fetch(`${server?.origin}${apiRoutes.health()}`, { headers: { Origin: 'app://parley' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('app://parley');
    const foreign = await fetch(`${server?.origin}${apiRoutes.health()}`, { headers: { Origin: 'https://evil.test' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a request for another host name, as a DNS-rebinding page would send', async () => {
    const { port } = new URL(server?.origin ?? '');
    const status = (host: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: apiRoutes.health(), headers: { Host: host } }, (response) => {
            response.resume();
            resolve(response.statusCode);
          })
          .on('error', reject);
      });
    expect(await status(`attacker.test:${port}`)).toBe(421);
    expect(await status(`localhost:${port}`)).toBe(200);
  });

  it('signs the demo sign-ins with a key of its own, kept private and reused after a restart', async () => {
    const keyFile = path.join(dataDir, 'jwt-secret');
    const key = fs.readFileSync(keyFile, 'utf8');
    expect(key.length).toBeGreaterThanOrEqual(32);
    if (process.platform !== 'win32') expect(fs.statSync(keyFile).mode & 0o077).toBe(0);

    const login = await fetch(`${server?.origin}${apiRoutes.auth.login()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.parley.test', password: 'parley-demo' }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };

    await server?.close();
    server = await start();
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
    const status = await fetch(`${server.origin}${apiRoutes.auth.status()}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(status.status).toBe(200);
  });
});
