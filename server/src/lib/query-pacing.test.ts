import { describe, expect, it } from 'vitest';
import { nextQueryTurn, runPaced } from './query-pacing';

describe('query pacing', () => {
  it("answers the running work's pace across its awaits, and nothing outside it or after it", async () => {
    const turn = Promise.resolve();
    const seen: Array<Promise<void> | undefined> = [];
    expect(nextQueryTurn()).toBeUndefined();
    await runPaced(
      () => turn,
      async () => {
        seen.push(nextQueryTurn());
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(nextQueryTurn());
      },
    );
    expect(seen[0]).toBe(turn);
    expect(seen[1]).toBe(turn);
    expect(nextQueryTurn()).toBeUndefined();
  });

  it('keeps two paced works apart, and the first that ends leaves the other its pace', async () => {
    const [first, second] = [Promise.resolve(), Promise.resolve()];
    let releaseSecond!: () => void;
    const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
    let [firstSaw, secondSaw]: Array<Promise<void> | undefined> = [];
    const secondRun = runPaced(
      () => second,
      async () => {
        await secondHeld;
        secondSaw = nextQueryTurn();
      },
    );
    await runPaced(
      () => first,
      async () => {
        firstSaw = nextQueryTurn();
      },
    );
    releaseSecond();
    await secondRun;
    expect(firstSaw).toBe(first);
    expect(secondSaw).toBe(second);
  });
});
