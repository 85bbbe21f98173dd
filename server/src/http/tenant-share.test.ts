import { describe, expect, it } from 'vitest';
import { createTenantShare } from './tenant-share';

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

  it('hands a freed slot on at a later turn of the event loop, so other sockets are read between one tenant’s requests', async () => {
    const share = createTenantShare(1);
    const order: string[] = [];
    const runs = [1, 2, 3].map((n) => share.run('a', async () => void order.push(`a${n}`)));
    setImmediate(() => order.push('other'));
    await Promise.all(runs);
    expect(order).toEqual(['a1', 'other', 'a2', 'a3']);
  });

  it('frees the slot of work that fails', async () => {
    const share = createTenantShare(1);
    await expect(share.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(share.run('a', async () => 'next')).resolves.toBe('next');
  });
});
