/** Interleaved A/B timing: ours and its bare twin alternate, medians of the repetitions are compared. */
export interface BenchResult {
  id: string;
  workload: string;
  ours: number;
  limit: number;
  unit: string;
  /** ours / limit, where lower is better, or limit / ours for throughputs (see higherIsBetter). */
  ratio: number;
  target: string;
  /** A second figure the target names (a p99 ratio, say), printed after the verdict. */
  note?: string;
  pass: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export async function interleave(
  repetitions: number,
  ours: () => Promise<number> | number,
  bare: () => Promise<number> | number,
): Promise<{ ours: number; bare: number }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < repetitions; i += 1) {
    a.push(await ours());
    b.push(await bare());
  }
  return { ours: median(a), bare: median(b) };
}

export function timeLoop(iterations: number, body: () => void): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) body();
  return Number(process.hrtime.bigint() - started) / 1000 / iterations;
}

export async function timeLoopAsync(iterations: number, body: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await body();
  return Number(process.hrtime.bigint() - started) / 1000 / iterations;
}

export function report(result: BenchResult): void {
  const line = [
    result.id.padEnd(4),
    result.workload.padEnd(58),
    `ours ${result.ours.toFixed(2)} ${result.unit}`.padEnd(22),
    `limit ${result.limit.toFixed(2)} ${result.unit}`.padEnd(23),
    `ratio ${result.ratio.toFixed(2)}`.padEnd(12),
    `target ${result.target}`.padEnd(16),
    result.pass ? 'PASS' : 'MISS',
    result.note ?? '',
  ]
    .join(' ')
    .trimEnd();
  process.stdout.write(`${line}\n`);
}
