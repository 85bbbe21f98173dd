import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Starting the server under load (the vendor SDKs alone are thousands of modules) can take a while. */
const START_TIMEOUT_MS = 120_000;

export interface ServerProcess {
  baseUrl: string;
  /** Resolves with the signal that ended the process (null when it exited by itself). */
  ended: Promise<NodeJS.Signals | null>;
  /** kill -9, then waits for the process to be gone. */
  kill(): Promise<void>;
  /** A graceful stop (SIGTERM), as an operator would. */
  stop(): Promise<void>;
}

/**
 * The real server, `server/src/main.ts` under tsx in a process of its own (one process: `node --import tsx`, not
 * the tsx launcher, which would leave its child running when killed), with the given environment on top of ours.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startEntryProcess('server/src/main.ts', env, /Parley is running at (http:\/\/\S+)/);
}

/**
 * One of our entry points (server, workers, sandbox) in a process of its own, started once its output matches
 * `ready`; `baseUrl` is the pattern's first group, or empty for a process that does not listen.
 */
/** A process that ended before it printed its ready line; `signal` is what ended it (null when it exited). */
export class EndedBeforeReady extends Error {
  constructor(
    readonly entry: string,
    readonly signal: NodeJS.Signals | null,
    output: string,
  ) {
    super(`${entry} ended (${signal ?? 'exit'}) before it was ready:\n${output}`);
  }
}

export async function startEntryProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ended = new Promise<NodeJS.Signals | null>((resolve) => {
    child.once('exit', (_code, signal) => resolve(signal));
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void ended.then((signal) => {
      clearTimeout(timer);
      reject(new EndedBeforeReady(entry, signal, output));
    });
  });
  // Keep draining the pipes so that a chatty server never blocks on a full one.
  child.stdout?.resume();
  child.stderr?.resume();

  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await ended;
  };
  return {
    baseUrl,
    ended,
    kill: () => signalAndWait('SIGKILL'),
    stop: () => signalAndWait('SIGTERM'),
  };
}

/** What every crash suite's server runs with: the test environment on its own data folder and database. */
export function testServerEnv(dataDir: string, databaseUrl: string | undefined, extra: Record<string, string>) {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    PASSWORD_HASH_COST: '10',
    SERVE_RENDERER: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}
