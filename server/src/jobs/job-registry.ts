import type { AppDeps } from '../app-deps';
import { billingJobs } from '../modules/billing/billing.jobs';
import { callbackJobs } from '../modules/callbacks/callbacks.jobs';
import { callJobs } from '../modules/calls/calls.jobs';
import { contactJobs } from '../modules/contacts/contacts.jobs';
import { dataPolicyJobs } from '../modules/data-policy/data-policy.jobs';
import { dialerJobs } from '../modules/dialer/dialer.jobs';
import { providerIntentJobs } from '../modules/provider-intents/provider-intents.jobs';
import { usageJobs } from '../modules/usage/usage.jobs';
import { webhookJobs } from '../modules/webhooks/webhooks.jobs';
import type { Services } from '../services';
import type { JobDefinition, Jobs } from './jobs.types';

/**
 * Every background job the product runs, in one place, each built from the app's dependencies and services like the
 * routes. To add one: append its definition to the list jobDefinitions returns; workers pick it up in both `npm start` and
 * `npm run workers`.
 */
export function jobDefinitions(deps: AppDeps, services: Services): JobDefinition[] {
  return [
    ...providerIntentJobs(services.providerIntents, deps.config),
    ...callJobs(services.calls, services.dialer, services.callAnalysis, services.events),
    ...usageJobs(services.usage),
    ...billingJobs(services.billing),
    ...contactJobs(services.contacts),
    ...dialerJobs(services.dialer, services.campaigns, deps.jobs),
    ...webhookJobs(services.webhooks),
    ...dataPolicyJobs(services.retention),
    ...callbackJobs(services.callbacks),
  ];
}

/**
 * The definitions a process works, by its WORKER_JOBS setting: empty for all, `a,b` for only these, `!a,!b` for all
 * but these. A name no job has, or both forms at once, is refused, so a typing error cannot quietly stop a job.
 */
export function selectJobs(definitions: readonly JobDefinition[], setting: string): JobDefinition[] {
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return [...definitions];
  const excluding = entries.every((entry) => entry.startsWith('!'));
  if (!excluding && entries.some((entry) => entry.startsWith('!'))) {
    throw new Error('WORKER_JOBS lists either the jobs to run or, each with "!", the jobs not to run; not both');
  }
  const names = new Set(entries.map((entry) => entry.replace(/^!/, '')));
  const known = new Set(definitions.map((definition) => definition.name));
  const unknown = [...names].filter((name) => !known.has(name));
  if (unknown.length) {
    throw new Error(`WORKER_JOBS names no job called ${unknown.join(', ')}; the jobs are ${[...known].join(', ')}`);
  }
  return definitions.filter((definition) => names.has(definition.name) !== excluding);
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

/** Sends the jobs a worker process runs once at its start; after jobs.start(), which send() needs. */
export async function sendStartJobs(jobs: Jobs, definitions: readonly JobDefinition[]): Promise<void> {
  for (const definition of definitions) {
    if (definition.atStart) await jobs.send(definition.name, definition.scheduleData ?? {}, definition.atStart);
  }
}
