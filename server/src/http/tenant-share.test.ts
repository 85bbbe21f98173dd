import { describe, expect, it, vi } from 'vitest';
import { nextQueryTurn } from '../lib/query-pacing';
import { createTenantShare, HOLD_MS, OTHERS_ACTIVE_MS } from './tenant-share';

/** A piece of work that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      started = true;
      await done;
    },
    finish: () => finish(),
    get started() {
      return started;
    },
  };
}

/** A few turns of the event loop: a freed slot is handed on at the next one. */
const settle = async () => {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('tenant share', () => {
  it('runs at most the limit of one tenant at once, the rest in arrival order', async () => {
    const share = createTenantShare(2);
    const jobs = [held(), held(), held(), held()];
    const runs = jobs.map((job) => share.run('a', job.work));
    await settle();
    expect(jobs.map((job) => job.started)).toEqual([true, true, false, false]);
    jobs[1]!.finish();
    await settle();
    expect(jobs.map((job) => job.started)).toEqual([true, true, true, false]);
    const late = held();
    const lateRun = share.run('a', late.work);
    await settle();
    expect(late.started).toBe(false);
    jobs[0]!.finish();
    await settle();
    expect([jobs[3]!.started, late.started]).toEqual([true, false]);
    jobs[2]!.finish();
    await settle();
    expect(late.started).toBe(true);
    jobs[3]!.finish();
    late.finish();
    await Promise.all([...runs, lateRun]);
  });

  it('never makes one tenant wait for another', async () => {
    const share = createTenantShare(1);
    const busy = held();
    const running = share.run('a', busy.work);
    const other = held();
    const otherRun = share.run('b', other.work);
    await settle();
    expect(other.started).toBe(true);
    other.finish();
    busy.finish();
    await Promise.all([running, otherRun]);
  });

  it('starts at most two requests of a tenant in one phase of the event loop, so a flood of synchronous requests lets another tenant in at once', async () => {
    const share = createTenantShare(4);
    const order: string[] = [];
    const runs: Array<Promise<void>> = [];
    // Fifty requests of one tenant, then one of another, each read in its own callback of one phase, as sockets are;
    // each runs from start to end without waiting, as a request on SQLite's synchronous reads can.
    for (let n = 0; n < 50; n += 1) setImmediate(() => runs.push(share.run('a', async () => void order.push('a'))));
    await new Promise<void>((resolve) =>
      setImmediate(() => runs.push(share.run('b', async () => void order.push('b')).then(resolve))),
    );
    expect(order.indexOf('b')).toBeLessThanOrEqual(2);
    await Promise.all(runs);
    expect(order.filter((tenant) => tenant === 'a')).toHaveLength(50);
  });

  it('answers a request of a tenant with others waiting in a turn of its own, so another tenant gets in between', async () => {
    const share = createTenantShare(4);
    const order: string[] = [];
    // Four requests of one tenant read in one phase; each runs its work without waiting, as on SQLite. The first two
    // start at once; the other two queue.
    const flood = [0, 1, 2, 3].map(
      (n) =>
        new Promise<void>((resolve) =>
          setImmediate(() =>
            resolve(
              share.run('a', async () => void order.push(`a${n} work`)).then(() => void order.push(`a${n} answered`)),
            ),
          ),
        ),
    );
    // Another tenant's request in every phase meanwhile.
    for (let phase = 0; phase < 10; phase += 1) {
      await new Promise<void>((resolve) =>
        setImmediate(() => resolve(share.run('b', async () => void order.push('b')))),
      );
    }
    await Promise.all(flood);
    // The third waited for its answer, as the fourth was waiting; the others found none waiting.
    const between = order.slice(order.indexOf('a2 work') + 1, order.indexOf('a2 answered'));
    expect(between).toContain('b');
    for (const n of [0, 1, 3]) expect(order.indexOf(`a${n} answered`), `a${n}`).toBe(order.indexOf(`a${n} work`) + 1);
  });

  it("starts a quiet tenant's two requests of one phase at once, not one behind a flooding tenant's step", async () => {
    const share = createTenantShare(4);
    const order: string[] = [];
    const runs: Array<Promise<void>> = [];
    // A flood of one tenant, queued.
    for (let n = 0; n < 20; n += 1) setImmediate(() => runs.push(share.run('a', async () => void order.push('a'))));
    await new Promise((resolve) => setImmediate(resolve));
    // Another tenant's two requests read in one phase, while the flood takes one step a turn.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        for (const n of [1, 2]) runs.push(share.run('b', async () => void order.push(`b${n}`)));
        resolve();
      }),
    );
    await Promise.all(runs);
    expect(order.indexOf('b2')).toBe(order.indexOf('b1') + 1);
  });

  it('runs a tenant with a backlog one request at a time while another tenant is served, none while its request runs, and at its limit again after', async () => {
    let now = 0;
    const share = createTenantShare(3, { now: () => now });
    const started = () => jobs.filter((job) => job.started).length;
    const jobs = Array.from({ length: 8 }, () => held());
    const runs = jobs.map((job) => share.run('a', job.work));
    await settle();
    expect(started()).toBe(3);
    // Another tenant's request: from now on the first tenant's freed slots are not refilled past one.
    const other = held();
    const otherRun = share.run('b', other.work);
    await settle();
    expect(other.started).toBe(true);
    jobs[0]!.finish();
    jobs[1]!.finish();
    await settle();
    expect(started()).toBe(3);
    // Its last request has ended, but the other tenant's is still running: it waits for that.
    jobs[2]!.finish();
    await settle();
    expect(started()).toBe(3);
    // Once it ends, the first tenant answers its three finished requests and starts one, a step a turn.
    other.finish();
    await otherRun;
    for (let round = 0; round < 2; round += 1) await settle();
    expect(started()).toBe(4);
    // The other tenant has been quiet for the whole window: the first runs at its limit again.
    now += OTHERS_ACTIVE_MS;
    jobs[3]!.finish();
    for (let round = 0; round < 4; round += 1) await settle();
    expect(started()).toBe(7);
    for (const job of jobs) job.finish();
    await Promise.all(runs);
  });

  it('lets a tenant with a backlog take one step, an answer or a start, each HOLD_MS while another tenant runs', async () => {
    let now = 0;
    const share = createTenantShare(1, { now: () => now });
    const other = held();
    const otherRun = share.run('b', other.work);
    const jobs = Array.from({ length: 3 }, () => held());
    let answered = 0;
    const runs = jobs.map((job) => share.run('a', job.work).then(() => void (answered += 1)));
    await settle();
    expect(jobs.map((job) => job.started)).toEqual([true, false, false]);
    jobs[0]!.finish();
    await settle();
    expect(answered).toBe(0);
    now += HOLD_MS;
    await vi.waitFor(() => expect(answered).toBe(1));
    await settle();
    expect(jobs[1]!.started).toBe(false);
    now += HOLD_MS;
    await vi.waitFor(() => expect(jobs[1]!.started).toBe(true));
    expect([other.started, jobs[2]!.started]).toEqual([true, false]);
    for (const job of [...jobs, other]) job.finish();
    await Promise.all([...runs, otherRun]);
  });

  it('paces queries: a flooding tenant takes a turn before each while another tenant is active, a quiet one never', async () => {
    const share = createTenantShare(1, { pacesQueries: true });
    const first = held();
    const runs: Array<Promise<void>> = [share.run('a', first.work)];
    const paced: boolean[] = [];
    let resolvedAtOnce: boolean | undefined;
    for (const n of [2, 3]) {
      runs.push(
        share.run('a', async () => {
          const turn = nextQueryTurn();
          paced.push(turn !== undefined);
          if (n === 2 && turn) {
            let resolved = false;
            void turn.then(() => (resolved = true));
            for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
            resolvedAtOnce = resolved;
          }
          await turn;
        }),
      );
    }
    let quietTurn: Promise<void> | undefined;
    runs.push(share.run('b', async () => void (quietTurn = nextQueryTurn())));
    await settle();
    first.finish();
    await Promise.all(runs);
    expect(quietTurn).toBeUndefined();
    // The second waited for a turn of the event loop, not a microtask; the third found none waiting behind it.
    expect(paced).toEqual([true, false]);
    expect(resolvedAtOnce).toBe(false);
  });

  it('paces no queries unless asked to (PostgreSQL)', async () => {
    const share = createTenantShare(1);
    const first = held();
    const seen: Array<Promise<void> | undefined> = [];
    const runs = [share.run('a', first.work)];
    for (let n = 0; n < 2; n += 1) runs.push(share.run('a', async () => void seen.push(nextQueryTurn())));
    await share.run('b', async () => undefined);
    first.finish();
    await Promise.all(runs);
    expect(seen).toEqual([undefined, undefined]);
  });

  it('frees the slot of work that fails', async () => {
    const share = createTenantShare(1);
    await expect(share.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(share.run('a', async () => 'next')).resolves.toBe('next');
  });
});
