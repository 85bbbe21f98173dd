import type { JobDefinition } from '../../jobs/jobs.types';
import type { DialerService } from '../dialer/dialer.service';
import type { EventsService } from '../events/events.service';
import { ANALYSE_CALL_JOB, ANALYSE_CALL_RETRIES, type CallAnalysisService } from './call-analysis.service';
import type { CallsService } from './calls.service';
import { RECORD_CONVERSATION_JOB } from './post-call-webhook';

/** How many announced conversations one worker process fetches and records at once. */
const RECORD_CONCURRENCY = 4;
/** How many calls one worker process analyses at once (an analysis endpoint may take seconds). */
const ANALYSE_CONCURRENCY = 2;
export const RECONCILE_CONVERSATIONS_JOB = 'reconcile-conversations';
export const PRUNE_EVENTS_JOB = 'prune-events';
/** How long one pass over every agent's newest conversations may take. */
const RECONCILE_EXPIRY_SEC = 10 * 60;

/**
 * The post-call sync on the job engine: each conversation a webhook announced is fetched and recorded, with retries;
 * each recorded call is analysed; every 5 minutes the provider's recent conversations are reconciled with our calls
 * (lost webhooks); every 10 minutes events older than the replay window are dropped.
 * A conversation the dialer placed also settles its call attempt.
 */
export function callJobs(
  calls: CallsService,
  dialer: Pick<DialerService, 'settleConversation'>,
  analysis: CallAnalysisService,
  events: EventsService,
): JobDefinition[] {
  return [
    {
      name: RECORD_CONVERSATION_JOB,
      handler: async ({ conversationId }) => {
        if (typeof conversationId !== 'string') throw new TypeError('record-conversation needs a conversationId');
        const conversation = await calls.fetchAnnouncedConversation(conversationId);
        await calls.recordAnnouncedConversation(conversation);
        await dialer.settleConversation(conversation);
      },
      work: { concurrency: RECORD_CONCURRENCY },
    },
    {
      name: ANALYSE_CALL_JOB,
      handler: async ({ callId, runId }, job) => {
        if (typeof callId !== 'string') throw new TypeError('analyse-call needs a callId');
        const lastAttempt = job.retryCount >= ANALYSE_CALL_RETRIES.retryLimit;
        await analysis.analyseCall(callId, typeof runId === 'string' ? runId : null, lastAttempt);
      },
      work: { concurrency: ANALYSE_CONCURRENCY },
    },
    {
      name: RECONCILE_CONVERSATIONS_JOB,
      handler: async () => {
        await calls.reconcileRecentConversations();
      },
      cron: '*/5 * * * *',
      // The next pass is the retry.
      scheduleOptions: { retryLimit: 0, expireInSeconds: RECONCILE_EXPIRY_SEC },
    },
    {
      name: PRUNE_EVENTS_JOB,
      handler: async () => {
        await events.prune();
      },
      cron: '*/10 * * * *',
      scheduleOptions: { retryLimit: 0 },
    },
  ];
}
