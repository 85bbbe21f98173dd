import fc from 'fast-check';

/**
 * A property's size given by time as well as by count: at least `minRuns` examples always run, then more, up to
 * `numRuns`, while `budgetMs` lasts. A loaded machine then checks fewer examples instead of timing the test out, and
 * an idle one checks them all.
 */
export interface PropertyRuns {
  minRuns: number;
  numRuns: number;
  budgetMs: number;
  seed?: number;
}

export async function assertProperty<Ts>(
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  { minRuns, numRuns, budgetMs, seed }: PropertyRuns,
): Promise<void> {
  const start = Date.now();
  await fc.assert(property, { numRuns: minRuns, seed });
  const left = budgetMs - (Date.now() - start);
  if (numRuns <= minRuns || left <= 0) return;
  // A further seed, so the examples after the minimum are new ones.
  const further = seed === undefined ? undefined : seed + 1;
  const details = await fc.check(property, {
    numRuns: numRuns - minRuns,
    seed: further,
    interruptAfterTimeLimit: left,
  });
  // Running out of time is what the budget is for; only a counterexample fails.
  if (details.failed && details.counterexample !== null) throw new Error(fc.defaultReportMessage(details));
}
