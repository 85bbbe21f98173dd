import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { createRuntime, type Runtime } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { createLogger } from '../../server/src/logger';
import { eventually } from './support/eventually';
import { createPostgresDatabase, TEST_DATABASES } from './support/test-app';

interface Instance {
  runtime: Runtime;
  baseUrl: string;
  close(): Promise<void>;
}

/** A server instance of its own (own process state, own principal cache) on a shared database. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-instance-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://parley.test', DATABASE_URL: databaseUrl },
    // A cache that outlives the test: only a cross-instance notification can make a change visible in time.
    { passwordHashCost: 10, logLevel: 'silent', serveRenderer: false, principalCacheTtlMs: 10_000 },
  );
  const runtime = await createRuntime(config, createLogger(config));
  const server = createApp(runtime.deps).app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    runtime,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Several instances share one database only on PostgreSQL; SQLite runs the demo as one process.
describe.runIf(TEST_DATABASES.includes('postgres'))('principal cache across instances (postgres)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: Instance;
  let second: Instance;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    first = await startInstance(database.url);
    second = await startInstance(database.url);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('stops a tenant on every instance as soon as its billing changes on one', async () => {
    const created = await fetch(`${first.baseUrl}/api/test/tenants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then((res) => res.json() as Promise<{ tenant: { id: string }; users: { email: string; password: string }[] }>);
    const [admin] = created.users;
    const login = await fetch(`${second.baseUrl}/api/auth/custom/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin!.email, password: admin!.password }),
    }).then((res) => res.json() as Promise<{ accessToken: string }>);
    const listAgents = () =>
      fetch(`${second.baseUrl}/api/agents`, { headers: { authorization: `Bearer ${login.accessToken}` } });
    expect((await listAgents()).status).toBe(200);

    const changed = await fetch(`${first.baseUrl}/api/test/tenants/${created.tenant.id}/billing`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ billingStatus: 'delinquent' }),
    });
    expect(changed.status).toBe(200);
    await eventually(async () => expect((await listAgents()).status).toBe(402), 5_000);
  });
});
