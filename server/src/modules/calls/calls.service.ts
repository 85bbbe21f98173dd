import type { RecentCall } from '@shared/api/agents.types';
import {
  CONVERSATION_UNAVAILABLE_MESSAGE,
  NO_RECORDING_MESSAGE,
  type CallDetailResponse,
  type RecentCallsResponse,
} from '@shared/api/calls.types';
import { publicAnalysis, type CallAnalysis } from '@shared/schemas/calls.schema';
import { convertMicros } from '@shared/domain/money';
import type { AppDeps } from '../../app-deps';
import { DomainError, isProviderError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { callProvider } from '../../lib/provider-call';
import type { VoiceAudio, VoiceConversation, VoiceConversationPage } from '../../providers/voice/voice.types';
import type { AgentsService } from '../agents/agents.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { EventsService } from '../events/events.service';
import type { StatsService } from '../stats/stats.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import type { CallAnalysisService } from './call-analysis.service';
import { cachedConversation, transcriptOf } from './call-conversation';
import {
  cacheConversation,
  campaignCostCents,
  DELETED_AGENT_NAME,
  findCall,
  insertCallOnce,
  pageOfCalls,
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
    events: EventsService;
    analysis: CallAnalysisService;
  },
) {
  const { agents, campaigns, tenants, usage, stats, events, analysis } = services;

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
    // The vendor's charge becomes the tenant's currency at the configured rate for that pair; a pair without one fails
    // the recording loudly (the job and the reconciler try again later) rather than guess. The vendor's figure is kept.
    const { vendorCost } = conversation;
    const costCents = convertMicros(
      vendorCost.amountMicros,
      vendorCost.currency,
      terms.currency,
      deps.config.currencyRates,
    );
    const startedAt = started.toISOString();

    return deps.db.transaction(async (trx) => {
      if (options.webhookEventId && !(await markWebhookEvent(trx, WEBHOOK_PROVIDER, options.webhookEventId, now))) {
        return 'duplicate';
      }
      const callId = newId();
      const isNew = await insertCallOnce(
        trx,
        tenantId,
        {
          id: callId,
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
          costCurrency: terms.currency,
          vendorCurrency: vendorCost.currency,
          vendorCostMicros: Math.max(0, Math.round(vendorCost.amountMicros)),
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
      await stats.recordCall(trx, tenantId, agent.id, {
        startedAt,
        durationSec,
        costCents,
        callSuccessful: conversation.analysis?.callSuccessful ?? null,
        outcome: conversation.outcome,
      });
      await usage.recordCall(
        trx,
        tenantId,
        { startedAt, durationSec, conversationId: conversation.conversationId },
        terms,
      );
      await analysis.queueForNewCall(callId, trx);
      await events.publish(
        tenantId,
        { type: 'call.completed', data: { callId, agentId: agent.id, campaignId, durationSec } },
        trx,
      );
      return 'recorded';
    });
  }

  /**
   * Pulls an agent's conversations from the provider and records those not seen yet (the webhook's path): at most
   * `maxPages` pages, newest first. Sync calls and the reconciler of lost webhooks both come here.
   */
  async function pullAgentConversations(
    tenantId: string,
    providerAgentId: string,
    maxPages: number,
  ): Promise<{ synced: number; created: number }> {
    let synced = 0;
    let created = 0;
    let cursor: string | null = null;
    for (let page = 0; page < maxPages; page += 1) {
      const current = cursor;
      const result: VoiceConversationPage = await callProvider(
        deps.logger,
        'The voice service could not list the calls',
        () => deps.voice.listConversations(providerAgentId, current),
      );
      synced += result.conversations.length;
      const known = await recordedConversationIds(
        deps.db,
        tenantId,
        result.conversations.map((c) => c.conversationId),
      );
      for (const summary of result.conversations) {
        if (known.has(summary.conversationId) || !isFinalConversation(summary.status)) continue;
        const conversation: VoiceConversation = await callProvider(
          deps.logger,
          'The voice service could not return a call',
          () => deps.voice.getConversation(summary.conversationId),
        );
        // Only conversations of this agent count here, whatever a listing might contain.
        if (conversation.agentId !== providerAgentId) continue;
        if ((await recordConversation(conversation)) === 'recorded') created += 1;
      }
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return { synced, created };
  }

  return {
    recordConversation,
    pullAgentConversations,

    /**
     * Webhooks can be lost: the newest page of every agent's conversations is compared with our calls, and what is
     * missing is recorded, so every call is recorded once even without its webhook. An agent the provider cannot
     * list now is tried again at the next run.
     */
    async reconcileRecentConversations(): Promise<{ agents: number; created: number }> {
      let created = 0;
      const all = await agents.atProvider();
      for (const agent of all) {
        try {
          created += (await pullAgentConversations(agent.tenantId, agent.providerAgentId, 1)).created;
        } catch (error) {
          deps.logger.warn({ err: error, agentId: agent.id }, 'conversations of an agent not reconciled');
        }
      }
      if (created) deps.logger.info({ created }, 'calls recorded without their webhook');
      return { agents: all.length, created };
    },

    /**
     * A call with its conversation (spec 001 §3). The conversation is read from the voice provider once and cached on
     * the call; it comes from that cache afterwards. Without a cached copy and without the provider, the spec's
     * fallback text is answered instead.
     */
    async detail(tenantId: string, callId: string): Promise<CallDetailResponse> {
      const call = await findCall(deps.db, callId, tenantId);
      if (!call) throw new DomainError('NOT_FOUND', 'Call not found.');
      let conversation = cachedConversation(call.conversationData);
      let cachedAt = call.conversationCachedAt;
      if (!conversation) {
        try {
          conversation = await deps.voice.getConversation(call.conversationId);
          cachedAt = isoNow(deps.clock);
          await cacheConversation(
            deps.db,
            tenantId,
            call.id,
            {
              data: JSON.stringify(conversation),
              transcript: JSON.stringify(conversation.transcript),
              summary: conversation.analysis?.transcriptSummary ?? null,
            },
            cachedAt,
          );
        } catch (error) {
          deps.logger.warn({ err: error, callId }, 'conversation not available from the voice service');
        }
      }
      const summary = {
        agentName: call.agentName ?? DELETED_AGENT_NAME,
        startedAt: call.startedAt,
        durationSec: call.durationSec,
        costCents: call.costCents,
        currency: call.costCurrency,
        conversationId: call.conversationId,
      };
      const analysed = call.analysis ? publicAnalysis(JSON.parse(call.analysis) as CallAnalysis) : null;
      if (!conversation) {
        return {
          call: summary,
          message: CONVERSATION_UNAVAILABLE_MESSAGE,
          conversation: null,
          transcriptUnavailable: true,
          conversationCachedAt: null,
          analysedAt: call.analysedAt,
          recordingUrl: call.recordingUrl,
        };
      }
      return {
        call: summary,
        conversation: {
          transcript: transcriptOf(conversation),
          analysis: conversation.analysis
            ? {
                transcript_summary: conversation.analysis.transcriptSummary,
                call_successful: conversation.analysis.callSuccessful,
              }
            : null,
          sentimentAnalysis: analysed,
        },
        transcriptUnavailable: conversation.transcript.length === 0,
        conversationCachedAt: cachedAt,
        analysedAt: call.analysedAt,
        recordingUrl: conversation.recordingUrl ?? call.recordingUrl,
      };
    },

    /**
     * The call's recording, streamed from the voice provider as it sends it (ElevenLabs serves audio only through its
     * authenticated API, so it passes through us and the browser never sees a provider address or key).
     */
    async recording(tenantId: string, callId: string): Promise<VoiceAudio> {
      const call = await findCall(deps.db, callId, tenantId);
      if (!call) throw new DomainError('NOT_FOUND', 'Call not found.');
      const audio = await callProvider(deps.logger, 'The voice service could not return the recording', () =>
        deps.voice.getConversationAudio(call.conversationId),
      );
      if (!audio) throw new DomainError('NOT_FOUND', NO_RECORDING_MESSAGE);
      return audio;
    },

    /** A page of the tenant's calls, newest first; the row count is the dashboard's Total Calls (or the agent's). */
    async page(
      tenantId: string,
      query: { page: number; pageSize: number; agentId?: string },
    ): Promise<RecentCallsResponse> {
      if (query.agentId) await agents.require(tenantId, query.agentId);
      const [rows, total] = await Promise.all([
        pageOfCalls(deps.db, tenantId, {
          offset: query.page * query.pageSize,
          limit: query.pageSize,
          agentId: query.agentId,
        }),
        query.agentId
          ? stats.agentTotals(tenantId, query.agentId).then((totals) => totals.totalCalls)
          : usage.totalCalls(tenantId),
      ]);
      return { calls: rows, page: query.page, pageSize: query.pageSize, total };
    },

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

    /** The conversation a webhook announced, read from the provider once for everything the job does with it. */
    fetchAnnouncedConversation: (conversationId: string): Promise<VoiceConversation> =>
      callProvider(deps.logger, 'The voice service could not return the conversation', () =>
        deps.voice.getConversation(conversationId),
      ),

    /** The job behind the webhook: records the announced conversation, unless that was done already. */
    async recordAnnouncedConversation(conversation: VoiceConversation): Promise<RecordOutcome> {
      const eventId = postCallEventId(conversation.conversationId);
      if (await isWebhookEventProcessed(deps.db, WEBHOOK_PROVIDER, eventId)) return 'duplicate';
      return recordConversation(conversation, { webhookEventId: eventId });
    },

    /** What a campaign's calls started in [since, until) cost, in minor units of the tenant's currency. */
    async campaignCost(
      tenantId: string,
      campaignId: string,
      since: string,
      until: string,
    ): Promise<{ costCents: number; currency: string }> {
      const [costCents, currency] = await Promise.all([
        campaignCostCents(deps.db, tenantId, campaignId, since, until),
        tenants.currency(tenantId),
      ]);
      return { costCents, currency };
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
