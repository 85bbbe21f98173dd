import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { benchAgentsList } from './agents-list.bench';
import { benchCallsPanel, benchEvents } from './calls-live.bench';
import { benchContactImport } from './contact-import.bench';
import { benchContactsList } from './contacts-list.bench';
import { benchDemoSeed } from './demo-seed.bench';
import { benchDialerBlockedQueue, benchDialerLoad } from './dialer-capacity.bench';
import { benchDialerClaim, benchDialerWorkers } from './dialer.bench';
import type { BenchResult } from './harness';
import { report } from './harness';
import { benchLoginEnumeration } from './login-enumeration.bench';
import { benchRendererSize } from './renderer-size.bench';
import { benchTokenVerify } from './token-verify.bench';
import { benchUsageMonth } from './usage-month.bench';
import { benchWebhookRetries, benchWebhookThroughput } from './webhooks.bench';

/**
 * `npm run bench`: every workload against its bare twin, one line each; `npm run bench -- H1 H2 R1` runs only those.
 * Never part of `npm test`.
 */
const BENCHES: Array<{ id: string; run: () => Promise<BenchResult | BenchResult[]>; skip?: string }> = [
  { id: 'H1', run: () => benchAgentsList('sqlite') },
  {
    id: 'H2',
    run: () => benchAgentsList('postgres'),
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  { id: 'H3', run: benchTokenVerify },
  { id: 'B3', run: benchLoginEnumeration },
  { id: 'R1', run: benchRendererSize },
  { id: 'DEMO1', run: benchDemoSeed },
  { id: 'S1', run: benchCallsPanel },
  { id: 'E1', run: benchEvents },
  { id: 'S4', run: () => benchUsageMonth('sqlite') },
  {
    id: 'S4pg',
    run: () => benchUsageMonth('postgres'),
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  {
    id: 'I1',
    run: () => benchContactImport('postgres'),
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  // I2 and L1 share one app and one 100k campaign on SQLite; `npm run bench -- L1` runs both.
  { id: 'I2', run: () => benchContactImport('sqlite') },
  {
    id: 'D1',
    run: () => benchDialerClaim('postgres'),
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  { id: 'D1s', run: () => benchDialerClaim('sqlite') },
  // N1 and L2 share one app, one hammered 100k campaign and one neighbour tenant; `-- N1` or `-- L2` runs both.
  { id: 'N1', run: () => benchContactsList('sqlite') },
  {
    id: 'N1pg',
    run: () => benchContactsList('postgres'),
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  {
    id: 'D2',
    run: () => benchDialerWorkers('postgres'),
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  {
    id: 'D3',
    run: benchDialerBlockedQueue,
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  {
    id: 'D4',
    run: benchDialerLoad,
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  { id: 'W1', run: () => benchWebhookThroughput('sqlite') },
  {
    id: 'W1pg',
    run: () => benchWebhookThroughput('postgres'),
    skip: process.env.PARLEY_TEST_POSTGRES_URL ? undefined : 'set PARLEY_TEST_POSTGRES_URL to run it',
  },
  { id: 'W2', run: benchWebhookRetries },
];

/** The Node flags `npm start` gives the server (package.json), which the benchmarks' in-process servers run with too. */
function serverNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = /\btsx((?:\s+--\S+)*)\s+server\/src\/main\.ts/.exec(manifest.scripts.start ?? '')?.[1];
  if (flags === undefined) throw new Error('package.json: `start` no longer runs `tsx … server/src/main.ts`');
  return flags.split(/\s+/).filter(Boolean);
}

const serverFlags = serverNodeFlags();
const missingFlags = serverFlags.filter((flag) => !process.execArgv.includes(flag));
if (missingFlags.length > 0) {
  // V8's heap flags take effect only at start, so the runner starts again with them.
  const rerun = spawnSync(process.execPath, [...missingFlags, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(rerun.status ?? 1);
}

const only = new Set(process.argv.slice(2));
const selected = only.size
  ? BENCHES.filter(
      (bench) =>
        only.has(bench.id) ||
        (bench.id === 'I2' && only.has('L1')) ||
        (bench.id === 'N1' && only.has('L2')) ||
        (bench.id === 'N1pg' && only.has('L2pg')),
    )
  : BENCHES;

process.stdout.write(
  `Parley benchmarks — Node ${[process.version, ...serverFlags].join(' ')}, ${process.platform}/${process.arch}\n`,
);
let met = 0;
let missed = 0;
for (const bench of selected) {
  if (bench.skip) {
    process.stdout.write(`${bench.id.padEnd(4)} SKIPPED: ${bench.skip}\n`);
    continue;
  }
  for (const result of [await bench.run()].flat()) {
    report(result);
    if (result.pass) met += 1;
    else missed += 1;
  }
}
process.stdout.write(`${met} met, ${missed} missed\n`);
