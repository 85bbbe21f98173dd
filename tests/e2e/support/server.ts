import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiRoutes } from '@shared/api/routes';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');

export interface ServerOptions {
  /** Reuse a port (to bring a stopped server back where the browser expects it). */
  port?: number;
  /** Reuse a data folder (the same database across a restart); a fresh one otherwise. */
  dataDir?: string;
  accessTokenTtlSec?: number;
  /** Runs as a salesperson's `npm start` (development): the demo clinic's business is seeded after the start. */
  demo?: boolean;
}

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server; the data folder is removed unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Ports of their own for each Playwright worker (TEST_PARALLEL_INDEX; the global set-up takes the first block), below
 * Linux's ephemeral range (32768 and up), so no outgoing connection and no other worker's server can take one between
 * the probe and the server's bind. A port still held (a server a crashed run left) is stepped over.
 */
const PORT_BLOCK = 500;
const FIRST_PORT =
  20_000 + PORT_BLOCK * (process.env.TEST_PARALLEL_INDEX ? Number(process.env.TEST_PARALLEL_INDEX) + 1 : 0);
let portsTaken = 0;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  while (portsTaken < PORT_BLOCK) {
    const port = FIRST_PORT + portsTaken;
    portsTaken += 1;
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port left in ${FIRST_PORT}–${FIRST_PORT + PORT_BLOCK - 1}`);
}

/** Starts the real server (SQLite, sandbox providers, NODE_ENV=test) on its own data folder and waits for health. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: options.demo ? 'development' : 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PASSWORD_HASH_COST: '10',
    SANDBOX_CALL_DELAY_MS: '200',
    LOG_LEVEL: 'warn',
    // Every browser test signs in and signs up from 127.0.0.1: per-address limits would make tests depend on each other.
    LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '10000',
    ...(options.accessTokenTtlSec ? { ACCESS_TOKEN_TTL_SEC: String(options.accessTokenTtlSec) } : {}),
  };
  const child = spawn(TSX, ['server/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    url,
    port,
    dataDir,
    async stop({ keepData = false } = {}) {
      await stopChild(child);
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How long a server may take to start: generous, because on a loaded machine starting tsx, migrating a fresh database
 * and listening can take minutes; a server that fails says so at once through its exit.
 */
export const SERVER_START_BOUND_MS = 5 * 60_000;
/** What the server prints once it is listening (server/src/main.ts). */
const LISTENING_LINE = 'Parley is running at';

/** Waits for the server to say it is listening (or to exit), then checks that it answers as healthy. */
async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(bound);
      child.stdout?.off('data', onOutput);
      child.off('exit', onExit);
      outcome();
    };
    const onOutput = () => {
      if (output().includes(LISTENING_LINE)) settle(resolve);
    };
    const onExit = (code: number | null) =>
      settle(() => reject(new Error(`The server exited (${code}):\n${output()}`)));
    const bound = setTimeout(
      () =>
        settle(() =>
          reject(new Error(`The server did not start within ${SERVER_START_BOUND_MS / 1000} s:\n${output()}`)),
        ),
      SERVER_START_BOUND_MS,
    );
    child.stdout?.on('data', onOutput);
    child.once('exit', onExit);
    if (child.exitCode !== null) onExit(child.exitCode);
    else onOutput();
  });
  const response = await fetch(`${url}${apiRoutes.health()}`);
  if (!response.ok) throw new Error(`The server is listening but not healthy (${response.status}):\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
