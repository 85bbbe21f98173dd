import type { JobDefinition } from '../../jobs/job-registry';
import { RECORD_CONVERSATION_JOB, type CallsService } from './calls.service';

/** How many announced conversations one worker process fetches and records at once. */
const RECORD_CONCURRENCY = 4;

/** The post-call sync on the job engine: each conversation a webhook announced is fetched and recorded, with retries. */
export function callJobs(calls: CallsService): JobDefinition[] {
  return [
    {
      name: RECORD_CONVERSATION_JOB,
      handler: async ({ conversationId }) => {
        if (typeof conversationId !== 'string') throw new TypeError('record-conversation needs a conversationId');
        await calls.recordAnnouncedConversation(conversationId);
      },
      work: { concurrency: RECORD_CONCURRENCY },
    },
  ];
}
