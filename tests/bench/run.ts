import type { BenchResult } from './harness';
import { report } from './harness';
import { benchLoginEnumeration } from './login-enumeration.bench';
import { benchTokenVerify } from './token-verify.bench';

/** `npm run bench`: every workload against its bare twin, one line each. Never part of `npm test`. */
const BENCHES: Array<() => Promise<BenchResult>> = [benchTokenVerify, benchLoginEnumeration];

process.stdout.write(`Parley benchmarks — Node ${process.version}, ${process.platform}/${process.arch}\n`);
let missed = 0;
for (const bench of BENCHES) {
  const result = await bench();
  report(result);
  if (!result.pass) missed += 1;
}
process.stdout.write(`${BENCHES.length - missed} met, ${missed} missed\n`);
