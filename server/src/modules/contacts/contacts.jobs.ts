import type { JobDefinition } from '../../jobs/jobs.types';
import { IMPORT_CONTACTS_JOB, IMPORT_JOB_OPTIONS, type ContactsService } from './contacts.service';

/** CSV imports on the job engine: one import runs at a time per process (each holds its file in memory). */
export function contactJobs(contacts: ContactsService): JobDefinition[] {
  return [
    {
      name: IMPORT_CONTACTS_JOB,
      handler: async ({ importId }, job) => {
        if (typeof importId !== 'string') throw new TypeError('import-contacts needs an importId');
        try {
          await contacts.runImport(importId);
        } catch (error) {
          if (job.retryCount >= IMPORT_JOB_OPTIONS.retryLimit) await contacts.failImport(importId, error);
          throw error;
        }
      },
      work: { concurrency: 1 },
    },
  ];
}
