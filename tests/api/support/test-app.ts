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
import { loadConfig, type Config } from '../../../server/src/config';
import { DEMO_PASSWORD } from '../../../server/src/db/seeds/demo-accounts';
import { createLogger } from '../../../server/src/logger';
import type { Clock } from '../../../server/src/lib/clock';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Where the PostgreSQL suite runs; set by .ci/run. Without it the suites run on SQLite only. */
const POSTGRES_URL = process.env.PARLEY_TEST_POSTGRES_URL;

export const TEST_DATABASES: DatabaseKind[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw body sent as is (webhooks, multipart). */
  raw?: BodyInit;
}

export interface TestApp {
  kind: DatabaseKind;
  baseUrl: string;
  deps: AppDeps;
  built: BuiltApp;
  request<T = any>(method: string, urlPath: string, options?: RequestOptions): Promise<TestResponse<T>>;
  login(email: string, password?: string): Promise<AuthResponse>;
  close(): Promise<void>;
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
export async function startTestApp(
  kind: DatabaseKind,
  options: { config?: Partial<Config>; clock?: Clock; logLines?: string[] } = {},
): Promise<TestApp> {
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
  const runtime = await createRuntime(config, logger, options.clock);
  const built = createApp(runtime.deps, runtime.services);
  const server: Server = built.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  runtime.setPublicBaseUrl(baseUrl);

  const request = async <T>(method: string, urlPath: string, opts: RequestOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.body);
    }
    const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  };

  return {
    kind,
    baseUrl,
    deps: runtime.deps,
    built,
    request,
    async login(email, password = DEMO_PASSWORD) {
      const response = await request<AuthResponse>('POST', '/api/auth/custom/login', { body: { email, password } });
      if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${response.text}`);
      return response.body;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
