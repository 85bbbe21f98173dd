import { describe, expect, it } from 'vitest';
import { finishedState, type JobRow } from './job-queue.store';

const job = (overrides: Partial<JobRow> = {}): JobRow => ({
  id: 'j1',
  name: 'send-report',
  data: '{}',
  retry_count: 0,
  retry_limit: 2,
  retry_delay_sec: 5,
  retry_backoff: 0,
  expire_in_sec: 60,
  started_on: null,
  ...overrides,
});
const now = new Date('2026-01-01T00:00:00.000Z');

describe('finishedState', () => {
  it('completes a run without an error', () => {
    expect(finishedState(job(), null, now)).toEqual({ state: 'completed', completed_on: '2026-01-01T00:00:00.000Z' });
  });

  it('puts a failed run back for a retry after its delay while retries remain', () => {
    expect(finishedState(job({ retry_count: 1 }), new Error('timeout'), now)).toEqual({
      state: 'retry',
      output: 'timeout',
      start_after: '2026-01-01T00:00:05.000Z',
    });
  });

  it('fails a run for good once its retries are spent, keeping the reason', () => {
    expect(finishedState(job({ retry_count: 2 }), 'gone', now)).toEqual({
      state: 'failed',
      output: 'gone',
      completed_on: '2026-01-01T00:00:00.000Z',
    });
  });
});
