import type { AppDeps } from '../app-deps';
import type { JobData, JobHandler, Jobs, ScheduleOptions, WorkOptions } from './jobs.types';

/**
 * Every background job the product runs, in one place: the name services send, the handler that does the work (built
 * from the app's dependencies, like the routes), how many run at once per process, and an optional cron schedule.
 * To add one: append its definition to the list jobDefinitions returns; workers pick it up in both `npm start` and
 * `npm run workers`.
 */
export interface JobDefinition<T extends JobData = JobData> {
  name: string;
  handler: JobHandler<T>;
  work?: WorkOptions;
  /** A five-field UTC cron expression (see cron.ts) at which the job is sent with `scheduleData`. */
  cron?: string;
  scheduleData?: JobData;
  scheduleOptions?: ScheduleOptions;
}

export function jobDefinitions(_deps: AppDeps): JobDefinition[] {
  return [];
}

/** Subscribes this process's workers to every defined job and applies the schedules. */
export async function registerJobs(jobs: Jobs, definitions: readonly JobDefinition[]): Promise<void> {
  for (const definition of definitions) {
    await jobs.work(definition.name, definition.handler, definition.work);
    if (definition.cron) {
      await jobs.schedule(definition.name, definition.cron, definition.scheduleData, definition.scheduleOptions);
    }
  }
}
