import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { apiRoutes } from '@shared/api/routes';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { createAccessTokenSigner } from '../../server/src/http/auth.middleware';
import { startTestApp, type DatabaseKind, type TestApp } from '../api/support/test-app';
import { median, type BenchResult } from './harness';
import type { LoadRequest, LoadResult } from './load-generator';

/**
 * H1 and H2: `GET /api/agents` for a tenant with 13 agents through the whole stack, against a bare twin doing the
 * same I/O: node:http, the same JWT verification, the same SQL statements (captured from our server) and the same
 * response bytes. Load comes from a separate process on loopback; runs alternate ours, twin, ours, twin….
 */
const AGENTS = 13;
const REPETITIONS = 7;
const RUN_MS = 2000;
const WARM_UP_MS = 3000;
const CONNECTIONS = 10;

interface CapturedQuery {
  sql: string;
  bindings: unknown[];
}

interface Twin {
  url: string;
  close(): Promise<void>;
}

function startLoadGenerator(): ChildProcess {
  return fork(path.join(import.meta.dirname, 'load-generator.ts'), [], { execArgv: ['--import', 'tsx'] });
}

/** A run's load figures, and the CPU this process (where both servers live) spent per request, in µs. */
interface Measured extends LoadResult {
  cpuPerRequestUs: number;
}

function load(generator: ChildProcess, request: LoadRequest): Promise<Measured> {
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve) => {
    generator.once('message', (message) => {
      const result = message as LoadResult;
      const cpu = process.cpuUsage(cpuBefore);
      resolve({ ...result, cpuPerRequestUs: (cpu.user + cpu.system) / Math.max(result.requests, 1) });
    });
    generator.send(request);
  });
}

async function seedAgents(app: TestApp): Promise<string> {
  await app.deps.db('tenants').where({ subdomain: 'demo' }).update({ plan: 'enterprise' });
  const { accessToken } = await app.login(DEMO_ACCOUNTS.admin.email);
  for (let i = 1; i <= AGENTS; i += 1) {
    const created = await app.request('POST', apiRoutes.agents.collection(), {
      token: accessToken,
      body: {
        name: `Agent ${i}`,
        purpose: 'Answer questions about the clinic and book dental appointments.',
        greeting: `Kia ora, thanks for calling Demo Dental. This is agent ${i}, how can I help?`,
        closing: 'Thanks for calling Demo Dental. Have a lovely day, goodbye!',
      },
    });
    if (created.status !== 201) throw new Error(`creating agent ${i}: ${created.status} ${created.text}`);
  }
  return accessToken;
}

/** The SQL our server runs for one request, in order, so the twin runs exactly the same statements. */
async function captureQueries(app: TestApp, token: string): Promise<{ queries: CapturedQuery[]; body: unknown }> {
  const queries: CapturedQuery[] = [];
  const onQuery = (query: { sql: string; bindings?: unknown[] }) =>
    queries.push({ sql: query.sql, bindings: query.bindings ?? [] });
  app.deps.db.on('query', onQuery);
  const response = await app.request('GET', apiRoutes.agents.collection(), { token });
  app.deps.db.off('query', onQuery);
  if (response.status !== 200 || response.body.agents.length !== AGENTS) {
    throw new Error(`GET /api/agents answered ${response.status} ${response.text.slice(0, 200)}`);
  }
  return { queries, body: response.body };
}

function listen(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  close: () => Promise<void>,
): Promise<Twin> {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${apiRoutes.agents.collection()}`,
        close: () => new Promise<void>((done) => server.close(() => void close().then(done))),
      });
    });
  });
}

/** Bare node:http with our JWT verification, running the captured statements and sending the same bytes. */
async function startTwin(app: TestApp, captured: { queries: CapturedQuery[]; body: unknown }): Promise<Twin> {
  const signer = createAccessTokenSigner(app.deps);
  const run = await statementRunner(app, captured.queries);
  const respond = (res: http.ServerResponse, status: number, body: unknown) => {
    const bytes = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(bytes),
    });
    res.end(bytes);
  };
  return listen(
    (req, res) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !signer.verify(token, Math.floor(Date.now() / 1000))) {
        respond(res, 401, { message: 'Authentication required.' });
        return;
      }
      run.all().then(
        () => respond(res, 200, captured.body),
        (error: unknown) => respond(res, 500, { message: String(error) }),
      );
    },
    () => run.close(),
  );
}

interface StatementRunner {
  all(): Promise<void>;
  close(): Promise<void>;
}

async function statementRunner(app: TestApp, queries: CapturedQuery[]): Promise<StatementRunner> {
  if (app.kind === 'sqlite') {
    const sqlite = new Database(path.join(app.deps.config.dataDir, 'parley.sqlite'), { readonly: true });
    const prepared = queries.map(({ sql, bindings }) => ({
      statement: sqlite.prepare(sql),
      values: bindings.map((value) => (typeof value === 'boolean' ? Number(value) : value)),
    }));
    return {
      all: async () => {
        for (const { statement, values } of prepared) statement.all(...values);
      },
      close: async () => {
        sqlite.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: app.deps.config.databaseUrl, max: 10 });
  return {
    all: async () => {
      for (const { sql, bindings } of queries) await pool.query(sql, bindings);
    },
    close: () => pool.end(),
  };
}

export async function benchAgentsList(kind: DatabaseKind): Promise<BenchResult> {
  const app = await startTestApp(kind);
  const generator = startLoadGenerator();
  try {
    const token = await seedAgents(app);
    const captured = await captureQueries(app, token);
    const twin = await startTwin(app, captured);
    try {
      const run = (url: string, durationMs = RUN_MS) =>
        load(generator, { url, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS, durationMs });
      // Warm-up, so that both sides are compiled by the JIT before anything is counted.
      await run(`${app.baseUrl}${apiRoutes.agents.collection()}`, WARM_UP_MS);
      await run(twin.url, WARM_UP_MS);
      const ours: Measured[] = [];
      const bare: Measured[] = [];
      // Which side goes first alternates, so that neither always runs right after the other's load (ABBA…).
      for (let i = 0; i < REPETITIONS; i += 1) {
        if (i % 2 === 0) {
          ours.push(await run(`${app.baseUrl}${apiRoutes.agents.collection()}`));
          bare.push(await run(twin.url));
        } else {
          bare.push(await run(twin.url));
          ours.push(await run(`${app.baseUrl}${apiRoutes.agents.collection()}`));
        }
      }
      for (const [side, results] of [
        ['ours', ours],
        ['twin', bare],
      ] as const) {
        const failed = results.reduce((sum, result) => sum + result.errors, 0);
        const first = results.find((result) => result.firstFailure)?.firstFailure ?? 'a connection error';
        if (failed) throw new Error(`${failed} requests to ${side} failed during the runs, first: ${first}`);
      }
      const oursRps = median(ours.map((r) => r.requestsPerSecond));
      const bareRps = median(bare.map((r) => r.requestsPerSecond));
      const [oursP99, bareP99] = [median(ours.map((r) => r.p99Ms)), median(bare.map((r) => r.p99Ms))];
      const p99Ratio = oursP99 / bareP99;
      // CPU per request is steadier than throughput on a shared machine; printed for information.
      const [oursCpu, bareCpu] = [
        median(ours.map((r) => r.cpuPerRequestUs)),
        median(bare.map((r) => r.cpuPerRequestUs)),
      ];
      const ratio = oursRps / bareRps;
      const [minRatio, maxP99] = kind === 'sqlite' ? [0.5, 1.5] : [0.75, 1.3];
      return {
        id: kind === 'sqlite' ? 'H1' : 'H2',
        workload: `GET /api/agents, ${AGENTS} agents, ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (req/s, ${CONNECTIONS} conns)`,
        ours: oursRps,
        limit: bareRps,
        unit: 'req/s',
        ratio,
        target: `≥ ${minRatio.toFixed(2)}; p99 ≤ ${maxP99}×`,
        note:
          `p99 ${oursP99.toFixed(1)} ms vs ${bareP99.toFixed(1)} ms (${p99Ratio.toFixed(2)}×); ` +
          `CPU/request ${oursCpu.toFixed(0)} µs vs ${bareCpu.toFixed(0)} µs (${(oursCpu / bareCpu).toFixed(2)}×)`,
        pass: ratio >= minRatio && p99Ratio <= maxP99,
      };
    } finally {
      await twin.close();
    }
  } finally {
    generator.disconnect();
    await app.close();
  }
}
