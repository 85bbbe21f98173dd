import type { RecentCall } from '@shared/api/agents.types';
import { NO_RECORDING_MESSAGE, type CallDetailResponse, type RecentCallsResponse } from '@shared/api/calls.types';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { callProvider } from '../../lib/provider-call';
import type { VoiceAudio } from '../../providers/voice/voice.types';
import type { AgentsService } from '../agents/agents.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { DataPolicyService } from '../data-policy/data-policy.service';
import type { EventsService } from '../events/events.service';
import type { StatsService } from '../stats/stats.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import type { CallAnalysisService } from './call-analysis.service';
import { cachedConversation } from './call-conversation';
import { callDetailOf } from './call-detail';
import { redactedConversation } from './call-redaction';
import { createCallIngest } from './call-ingest';
import {
  cacheConversation,
  campaignCostCents,
  findCall,
  markRecordingPurged,
  countCalls,
  pageOfCalls,
  platformActivitySince,
  purgeTranscriptsBefore,
  recentAgentCalls,
  recordedConversationIds,
  recordingsBefore,
} from './calls.store';
import { countMachineVerdicts } from './machine-verdicts.store';
import { createPostCallWebhook } from './post-call-webhook';
import type { CallbacksService } from '../callbacks/callbacks.service';
import type { WebhooksService } from '../webhooks/webhooks.service';

const DAY_MS = 24 * 3600 * 1000;
/** How many calls one step of a retention purge handles. */
const PURGE_BATCH = 200;

export type CallsService = ReturnType<typeof createCallsService>;

/**
 * Calls: finished conversations recorded once each (from the post-call webhook, sync calls and the reconciler of lost
 * webhooks), and the tenant's calls with their conversations, recordings and costs.
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
    dataPolicy: Pick<DataPolicyService, 'redactorFor'>;
    webhooks: Pick<WebhooksService, 'publish'>;
    callbacks: Pick<CallbacksService, 'recordMissedTransfer'>;
  },
) {
  const { agents, tenants, usage, stats, dataPolicy } = services;

  const ingest = createCallIngest(deps, services);
  const webhook = createPostCallWebhook(deps, { agents, ingest });

  return {
    ...ingest,
    ...webhook,

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
      // A purged call's conversation is not fetched again: its transcript, or the whole conversation, is gone for good.
      if (!conversation && !call.transcriptPurgedAt && !call.recordingPurgedAt) {
        try {
          conversation = redactedConversation(
            await deps.voice.getConversation(call.conversationId),
            await dataPolicy.redactorFor(tenantId),
          );
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
      return callDetailOf(call, conversation, cachedAt);
    },

    /**
     * The call's recording, streamed from the voice provider as it sends it (ElevenLabs serves audio only through its
     * authenticated API, so it passes through us and the browser never sees a provider address or key).
     */
    async recording(tenantId: string, callId: string): Promise<VoiceAudio> {
      const call = await findCall(deps.db, callId, tenantId);
      if (!call) throw new DomainError('NOT_FOUND', 'Call not found.');
      if (call.recordingPurgedAt) throw new DomainError('NOT_FOUND', NO_RECORDING_MESSAGE);
      const audio = await callProvider(deps.logger, 'The voice service could not return the recording', () =>
        deps.voice.getConversationAudio(call.conversationId),
      );
      if (!audio) throw new DomainError('NOT_FOUND', NO_RECORDING_MESSAGE);
      return audio;
    },

    /** A page of the tenant's calls, newest first; the row count is the dashboard's Total Calls (or the agent's). */
    async page(
      tenantId: string,
      query: { page: number; pageSize: number; agentId?: string; disclosureMissing?: boolean },
    ): Promise<RecentCallsResponse> {
      if (query.agentId) await agents.require(tenantId, query.agentId);
      const filter = { agentId: query.agentId, disclosureMissing: query.disclosureMissing };
      const [rows, total] = await Promise.all([
        pageOfCalls(deps.db, tenantId, { offset: query.page * query.pageSize, limit: query.pageSize, ...filter }),
        // Flagged calls are few: counted where they are; all calls come from the rollups.
        query.disclosureMissing
          ? countCalls(deps.db, tenantId, filter)
          : query.agentId
            ? stats.agentTotals(tenantId, query.agentId).then((totals) => totals.totalCalls)
            : usage.totalCalls(tenantId),
      ]);
      return { calls: rows, page: query.page, pageSize: query.pageSize, total };
    },

    /** The machine verdicts of a campaign's calls started in [since, until), and how many were marked wrong. */
    campaignMachineVerdicts(tenantId: string, campaignId: string, since: string, until: string) {
      return countMachineVerdicts(deps.db, tenantId, campaignId, { since, until });
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

    /**
     * Retention: clears the transcripts and summaries of the tenant's calls started before `before`, in batches; the
     * calls, their outcomes and every figure stay. Resolves to how many calls it cleared.
     */
    async purgeTranscriptsBefore(tenantId: string, before: string): Promise<number> {
      let purged = 0;
      for (;;) {
        const batch = await purgeTranscriptsBefore(deps.db, tenantId, before, isoNow(deps.clock), PURGE_BATCH);
        purged += batch;
        if (batch < PURGE_BATCH) return purged;
      }
    },

    /**
     * Retention: deletes the recordings of the tenant's calls started before `before`, by deleting their conversations
     * at the voice provider, and marks each call once the provider confirms (a conversation it no longer has counts).
     * A call the provider fails on is left for the next pass. Resolves to how many were deleted.
     */
    async purgeRecordingsBefore(tenantId: string, before: string): Promise<number> {
      let purged = 0;
      const failed: string[] = [];
      for (;;) {
        const batch = await recordingsBefore(deps.db, tenantId, before, failed, PURGE_BATCH);
        for (const call of batch) {
          try {
            await deps.voice.deleteConversation(call.conversationId);
            await markRecordingPurged(deps.db, tenantId, call.id, isoNow(deps.clock));
            purged += 1;
          } catch (error) {
            failed.push(call.id);
            deps.logger.warn({ err: error, tenantId, callId: call.id }, 'recording not deleted at the voice service');
          }
        }
        if (batch.length < PURGE_BATCH) return purged;
      }
    },

    /** Calls and billed minutes across the platform over the last `days` days. */
    platformActivity: (days: number) =>
      platformActivitySince(deps.db, new Date(deps.clock.now().getTime() - days * DAY_MS).toISOString()),
  };
}
