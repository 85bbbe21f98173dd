import type { BenchResult } from './harness';
import { report } from './harness';
import { benchLoginEnumeration } from './login-enumeration.bench';
import { benchRendererSize } from './renderer-size.bench';
import { benchTokenVerify } from './token-verify.bench';

/** `npm run bench`: every workload against its bare twin, one line each. Never part of `npm test`. */
const BENCHES: Array<() => Promise<BenchResult | BenchResult[]>> = [
  benchTokenVerify,
  benchLoginEnumeration,
  benchRendererSize,
];

process.stdout.write(`Parley benchmarks — Node ${process.version}, ${process.platform}/${process.arch}\n`);
let met = 0;
let missed = 0;
for (const bench of BENCHES) {
  for (const result of [await bench()].flat()) {
    report(result);
    if (result.pass) met += 1;
    else missed += 1;
  }
}
process.stdout.write(`${met} met, ${missed} missed\n`);
