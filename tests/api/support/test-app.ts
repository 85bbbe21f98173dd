import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import type { AuthResponse } from '@shared/api/auth.types';
import type { AppDeps } from '../../../server/src/app-deps';
import { createApp, type BuiltApp } from '../../../server/src/app';
import { createRuntime } from '../../../server/src/bootstrap';
import type { Services } from '../../../server/src/services';
import { loadConfig, type Config } from '../../../server/src/config';
import { DEMO_PASSWORD } from '../../../server/src/db/seeds/demo-accounts';
import { createLogger } from '../../../server/src/logger';
import type { Clock } from '../../../server/src/lib/clock';
import type { Sandbox } from '../../../server/src/sandbox';
import { DIALER_TICK_JOB } from '../../../server/src/modules/dialer/dialer.jobs';
import { DIAL_CAMPAIGN_JOB } from '../../../server/src/modules/dialer/dial-campaign.job';
import { createApiClient, type ApiClient } from './api-client';
import { testOutbound } from './test-outbound';
import { signIn } from './api-actions';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Where the PostgreSQL suite runs; set by .ci/run. Without it the suites run on SQLite only. */
const POSTGRES_URL = process.env.PARLEY_TEST_POSTGRES_URL;

export const TEST_DATABASES: DatabaseKind[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** `workerJobs` for suites that dial their campaigns themselves, one pass at a time: every job but the dialer's. */
export const DIALER_JOBS_OFF = `!${DIALER_TICK_JOB},!${DIAL_CAMPAIGN_JOB}`;

export interface TestApp extends ApiClient {
  kind: DatabaseKind;
  deps: AppDeps;
  services: Services;
  /** The sandbox this app embeds (absent with live providers). */
  sandbox?: Sandbox;
  built: BuiltApp;
  login(email: string, password?: string): Promise<AuthResponse>;
  close(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<Config>;
  clock?: Clock;
  logLines?: string[];
}

/** A clock tests can move. */
export function testClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!POSTGRES_URL) throw new Error('PARLEY_TEST_POSTGRES_URL is not set');
  const name = `parley_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A fresh, migrated and demo-seeded server on its own database, listening on a free loopback port. */
export async function startTestApp(kind: DatabaseKind, options: StartOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://parley.test',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    { passwordHashCost: 10, logLevel: 'silent', serveRenderer: false, sandboxCallDelayMs: 20, ...options.config },
  );
  const logLines = options.logLines;
  const logger = createLogger(
    logLines ? { ...config, logLevel: 'debug' } : config,
    logLines ? { write: (line: string) => void logLines.push(line) } : undefined,
  );
  const runtime = await createRuntime(config, logger, options.clock, {}, testOutbound);
  const built = createApp(runtime.deps, runtime.services);
  const server: Server = built.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  runtime.setPublicBaseUrl(baseUrl);

  const client = createApiClient(baseUrl);
  return {
    ...client,
    kind,
    deps: runtime.deps,
    services: runtime.services,
    sandbox: runtime.embeddedSandbox,
    built,
    login: (email, password = DEMO_PASSWORD) => signIn(client, email, password),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // The tests are over: a stream or a request a test left open must not hold the server up.
      server.closeAllConnections();
      await closed;
      await runtime.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
