import type { RecentCall } from '@shared/api/agents.types';
import type { AppDeps } from '../../app-deps';
import { DomainError, isProviderError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { callProvider } from '../../lib/provider-call';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import type { AgentsService } from '../agents/agents.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { StatsService } from '../stats/stats.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import {
  insertCallOnce,
  isWebhookEventProcessed,
  markWebhookEvent,
  platformActivitySince,
  recentAgentCalls,
  recordedConversationIds,
} from './calls.store';

export type RecordOutcome = 'recorded' | 'duplicate' | 'unknown-agent' | 'not-final';

/** What the webhook answers: the conversation is queued to be fetched and recorded, already was, or is not ours. */
export type WebhookOutcome = 'queued' | 'duplicate' | 'unknown-agent';

/** The job that fetches a conversation a webhook announced and records it. */
export const RECORD_CONVERSATION_JOB = 'record-conversation';

/**
 * The provider does not retry its webhooks by default, so the job does: a provider that cannot return the
 * conversation now is asked again after about 5, 10, 20, 40 and 80 seconds (and up to as much again at random).
 */
const RECORD_CONVERSATION_RETRIES = { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true } as const;

const WEBHOOK_PROVIDER = 'elevenlabs';
const FINAL_STATUSES: ReadonlySet<VoiceConversation['status']> = new Set(['done', 'failed']);
const DAY_MS = 24 * 3600 * 1000;

/** One key per conversation: its transcription, audio and failure events all lead to the same single call. */
function postCallEventId(conversationId: string): string {
  return `post_call:${conversationId}`;
}

export function isFinalConversation(status: VoiceConversation['status']): boolean {
  return FINAL_STATUSES.has(status);
}

export type CallsService = ReturnType<typeof createCallsService>;

/**
 * Records finished conversations as calls, exactly once per conversation id, with the agent's daily rollup
 * and the tenant's monthly usage in the same transaction. The post-call webhook and sync-calls both come here.
 */
export function createCallsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'config' | 'jobs'>,
  services: {
    agents: AgentsService;
    campaigns: CampaignsService;
    tenants: TenantsService;
    usage: UsageService;
    stats: StatsService;
  },
) {
  const { agents, campaigns, tenants, usage, stats } = services;

  /** The vendor charges in US dollars; we record NZD cents at the configured rate, and keep the vendor's figure. */
  function nzdCents(vendorCost: VoiceConversation['vendorCost']): number {
    return Math.max(0, Math.round((vendorCost.amountMicros / 1_000_000) * deps.config.usdToNzdRate * 100));
  }

  async function recordConversation(
    conversation: VoiceConversation,
    options: { webhookEventId?: string } = {},
  ): Promise<RecordOutcome> {
    if (!isFinalConversation(conversation.status)) return 'not-final';
    // The tenant comes from our agent row for the provider's agent id, never from anything the payload claims.
    const agent = await agents.findByProviderId(conversation.agentId);
    if (!agent) {
      deps.logger.warn({ conversationId: conversation.conversationId }, 'conversation of an unknown agent ignored');
      return 'unknown-agent';
    }
    const { tenantId } = agent;
    const [terms, campaignId] = await Promise.all([
      tenants.usageTerms(tenantId),
      campaigns.campaignOfAgent(tenantId, agent.id),
    ]);
    const now = isoNow(deps.clock);
    const started = new Date(conversation.startedAt);
    const durationSec = Math.max(0, Math.round(conversation.durationSec));
    const costCents = nzdCents(conversation.vendorCost);
    const startedAt = started.toISOString();

    return deps.db.transaction(async (trx) => {
      if (options.webhookEventId && !(await markWebhookEvent(trx, WEBHOOK_PROVIDER, options.webhookEventId, now))) {
        return 'duplicate';
      }
      const isNew = await insertCallOnce(
        trx,
        tenantId,
        {
          id: newId(),
          agentId: agent.id,
          campaignId,
          conversationId: conversation.conversationId,
          phoneNumber: conversation.agentPhoneNumber,
          customerPhoneNumber: conversation.customerPhoneNumber,
          direction: conversation.direction,
          status: conversation.outcome,
          startedAt,
          endedAt: new Date(started.getTime() + durationSec * 1000).toISOString(),
          durationSec,
          costCents,
          vendorCurrency: conversation.vendorCost.currency,
          vendorCostMicros: Math.max(0, Math.round(conversation.vendorCost.amountMicros)),
          recordingUrl: conversation.recordingUrl,
          voicemailDetected: conversation.outcome === 'voicemail',
          transcript: JSON.stringify(conversation.transcript),
          summary: conversation.analysis?.transcriptSummary ?? null,
          callSuccessful: conversation.analysis?.callSuccessful ?? null,
          conversationData: JSON.stringify(conversation),
        },
        now,
      );
      if (!isNew) return 'duplicate';
      await stats.recordCall(trx, tenantId, agent.id, { startedAt, durationSec, costCents });
      await usage.recordCall(trx, tenantId, { startedAt, durationSec }, terms);
      return 'recorded';
    });
  }

  return {
    recordConversation,

    /**
     * The post-call webhook: its signature over the raw body is checked, and the conversation is queued to be
     * fetched from the provider (the truth) and recorded by a job, once per conversation, retried while the
     * provider cannot return it.
     */
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

    /** The job behind the webhook: fetches the conversation and records it, unless that was done already. */
    async recordAnnouncedConversation(conversationId: string): Promise<RecordOutcome> {
      const eventId = postCallEventId(conversationId);
      if (await isWebhookEventProcessed(deps.db, WEBHOOK_PROVIDER, eventId)) return 'duplicate';
      const conversation = await callProvider(deps.logger, 'The voice service could not return the conversation', () =>
        deps.voice.getConversation(conversationId),
      );
      return recordConversation(conversation, { webhookEventId: eventId });
    },

    recordedConversationIds: (tenantId: string, conversationIds: string[]) =>
      recordedConversationIds(deps.db, tenantId, conversationIds),

    recentForAgent: (tenantId: string, agentId: string, limit: number): Promise<RecentCall[]> =>
      recentAgentCalls(deps.db, tenantId, agentId, limit),

    /** Calls and billed minutes across the platform over the last `days` days. */
    platformActivity: (days: number) =>
      platformActivitySince(deps.db, new Date(deps.clock.now().getTime() - days * DAY_MS).toISOString()),
  };
}
