import { benchAgentsList } from './agents-list.bench';
import type { BenchResult } from './harness';
import { report } from './harness';
import { benchLoginEnumeration } from './login-enumeration.bench';
import { benchRendererSize } from './renderer-size.bench';
import { benchTokenVerify } from './token-verify.bench';

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
];

const only = new Set(process.argv.slice(2));
const selected = only.size ? BENCHES.filter((bench) => only.has(bench.id)) : BENCHES;

process.stdout.write(`Parley benchmarks — Node ${process.version}, ${process.platform}/${process.arch}\n`);
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
