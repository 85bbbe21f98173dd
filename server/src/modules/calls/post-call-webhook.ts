import type { AppDeps } from '../../app-deps';
import { DomainError, isProviderError } from '../../domain/domain-error';
import { callProvider } from '../../lib/provider-call';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import type { AgentsService } from '../agents/agents.service';
import { WEBHOOK_PROVIDER, type CallIngest, type RecordOutcome } from './call-ingest';
import { postCallEventId } from './call-record';
import { isWebhookEventProcessed } from './calls.store';

/** What the webhook answers: the conversation is queued to be fetched and recorded, already was, or is not ours. */
export type WebhookOutcome = 'queued' | 'duplicate' | 'unknown-agent';

/** The job that fetches a conversation a webhook announced and records it. */
export const RECORD_CONVERSATION_JOB = 'record-conversation';

/**
 * The provider does not retry its webhooks by default, so the job does: a provider that cannot return the
 * conversation now is asked again after about 5, 10, 20, 40 and 80 seconds (and up to as much again at random).
 */
const RECORD_CONVERSATION_RETRIES = { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true } as const;

/**
 * The post-call webhook: its signature over the raw body is checked, and the conversation is queued to be fetched
 * from the provider (the truth) and recorded by a job, once per conversation, retried while the provider cannot
 * return it.
 */
export function createPostCallWebhook(
  deps: Pick<AppDeps, 'db' | 'logger' | 'voice' | 'jobs'>,
  services: { agents: Pick<AgentsService, 'findByProviderId'>; ingest: Pick<CallIngest, 'recordConversation'> },
) {
  const { agents, ingest } = services;

  return {
    async receivePostCallWebhook(rawBody: Buffer, signatureHeader: string): Promise<WebhookOutcome> {
      let event: { conversationId: string; agentId: string };
      try {
        event = deps.voice.verifyPostCallWebhook(rawBody, signatureHeader);
      } catch (error) {
        deps.logger.warn({ err: error }, 'webhook rejected');
        // The adapter refuses a bad signature, or a signed body that is not a post-call event; anything else is a bad signature.
        if (error instanceof DomainError && !isProviderError(error)) throw error;
        throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Invalid webhook signature.');
      }
      // Events for agents we do not have (another platform on the same workspace, a deleted agent) are ignored
      // without asking the provider; for the rest, the fetched conversation's agent decides, not the payload.
      if (!(await agents.findByProviderId(event.agentId))) {
        deps.logger.info({ conversationId: event.conversationId }, 'webhook for an unknown agent ignored');
        return 'unknown-agent';
      }
      const { conversationId } = event;
      if (await isWebhookEventProcessed(deps.db, WEBHOOK_PROVIDER, postCallEventId(conversationId))) return 'duplicate';
      // Its transcription, audio and failure events all queue the same job; one waiting job per conversation.
      const queued = await deps.jobs.send(
        RECORD_CONVERSATION_JOB,
        { conversationId },
        { singletonKey: conversationId, ...RECORD_CONVERSATION_RETRIES },
      );
      return queued ? 'queued' : 'duplicate';
    },

    /** The conversation a webhook announced, read from the provider once for everything the job does with it. */
    fetchAnnouncedConversation: (conversationId: string): Promise<VoiceConversation> =>
      callProvider(deps.logger, 'The voice service could not return the conversation', () =>
        deps.voice.getConversation(conversationId),
      ),

    /** The job behind the webhook: records the announced conversation, unless that was done already. */
    async recordAnnouncedConversation(conversation: VoiceConversation): Promise<RecordOutcome> {
      const eventId = postCallEventId(conversation.conversationId);
      if (await isWebhookEventProcessed(deps.db, WEBHOOK_PROVIDER, eventId)) return 'duplicate';
      return ingest.recordConversation(conversation, { webhookEventId: eventId });
    },
  };
}
