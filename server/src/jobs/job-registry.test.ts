import { describe, expect, it } from 'vitest';
import { selectJobs } from './job-registry';
import type { JobDefinition } from './jobs.types';

const definitions: JobDefinition[] = ['dialer-tick', 'dial-campaign', 'report-usage'].map((name) => ({
  name,
  handler: async () => undefined,
}));
const namesOf = (selected: JobDefinition[]) => selected.map((definition) => definition.name);

describe('selectJobs (WORKER_JOBS)', () => {
  it('takes every job when the setting is empty or blank', () => {
    expect(namesOf(selectJobs(definitions, ''))).toEqual(['dialer-tick', 'dial-campaign', 'report-usage']);
    expect(namesOf(selectJobs(definitions, ' , '))).toEqual(['dialer-tick', 'dial-campaign', 'report-usage']);
  });

  it('takes only the listed jobs, or all but those marked with "!"', () => {
    expect(namesOf(selectJobs(definitions, 'dialer-tick, dial-campaign'))).toEqual(['dialer-tick', 'dial-campaign']);
    expect(namesOf(selectJobs(definitions, '!dialer-tick,!dial-campaign'))).toEqual(['report-usage']);
  });

  it('refuses a name no job has, and both forms at once', () => {
    expect(() => selectJobs(definitions, 'dialer-tik')).toThrow(
      'WORKER_JOBS names no job called dialer-tik; the jobs are dialer-tick, dial-campaign, report-usage',
    );
    expect(() => selectJobs(definitions, '!report-usag')).toThrow(/no job called report-usag/);
    expect(() => selectJobs(definitions, 'dialer-tick,!report-usage')).toThrow(/not both/);
  });
});
