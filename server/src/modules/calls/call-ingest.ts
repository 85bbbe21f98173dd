import type { Knex } from 'knex';
import { convertMicros } from '@shared/domain/money';
import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { callProvider } from '../../lib/provider-call';
import type { VoiceConversation, VoiceConversationPage } from '../../providers/voice/voice.types';
import type { AgentsService } from '../agents/agents.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { DataPolicyService } from '../data-policy/data-policy.service';
import type { EventsService } from '../events/events.service';
import type { StatsService } from '../stats/stats.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import type { CallAnalysisService } from './call-analysis.service';
import { transferVerdictOf, type TransferVerdict } from '@shared/domain/transfer-target';
import { callOutcomeOf, isFinalConversation, newCallOf } from './call-record';
import { redactedConversation } from './call-redaction';
import { insertCallOnce, markWebhookEvent, recordedConversationIds } from './calls.store';
import type { CallbacksService } from '../callbacks/callbacks.service';
import type { WebhooksService } from '../webhooks/webhooks.service';

export type RecordOutcome = 'recorded' | 'duplicate' | 'unknown-agent' | 'not-final';

/** The provider whose webhook events are marked as handled. */
export const WEBHOOK_PROVIDER = 'elevenlabs';

export type CallIngest = ReturnType<typeof createCallIngest>;

/**
 * Records finished conversations as calls, exactly once per conversation id, with the agent's daily rollup and the
 * tenant's monthly usage in the same transaction; and pulls from the provider the conversations not recorded yet.
 */
export function createCallIngest(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'config'>,
  services: {
    agents: Pick<AgentsService, 'findByProviderId' | 'atProvider'>;
    campaigns: Pick<CampaignsService, 'campaignOfAgent'>;
    tenants: Pick<TenantsService, 'usageTerms'>;
    usage: Pick<UsageService, 'recordCall'>;
    stats: Pick<StatsService, 'recordCall'>;
    events: Pick<EventsService, 'publish'>;
    analysis: Pick<CallAnalysisService, 'queueForNewCall'>;
    dataPolicy: Pick<DataPolicyService, 'redactorFor'>;
    webhooks: Pick<WebhooksService, 'publish'>;
    callbacks: Pick<CallbacksService, 'recordMissedTransfer'>;
  },
) {
  const { agents, campaigns, tenants, usage, stats, events, analysis, dataPolicy, webhooks, callbacks } = services;

  async function leaveInboundCallback(
    trx: Knex.Transaction,
    missed: {
      tenantId: string;
      campaignId: string | null;
      agentId: string;
      conversation: VoiceConversation;
      verdict: TransferVerdict;
    },
  ): Promise<void> {
    const { conversation } = missed;
    const phoneNumber = conversation.customerPhoneNumber;
    if (!phoneNumber) {
      deps.logger.warn({ conversationId: conversation.conversationId }, 'missed transfer of an anonymous caller');
      return;
    }
    await callbacks.recordMissedTransfer(trx, {
      ...missed,
      contact: null,
      phoneNumber,
      conversationId: conversation.conversationId,
      summary: conversation.analysis?.transcriptSummary ?? null,
    });
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
    const [terms, campaignId, redact] = await Promise.all([
      tenants.usageTerms(tenantId),
      campaigns.campaignOfAgent(tenantId, agent.id),
      dataPolicy.redactorFor(tenantId),
    ]);
    const now = isoNow(deps.clock);
    // The vendor's charge becomes the tenant's currency at the configured rate for that pair; a pair without one fails
    // the recording loudly (the job and the reconciler try again later) rather than guess. The vendor's figure is kept.
    const { vendorCost } = conversation;
    const costCents = convertMicros(
      vendorCost.amountMicros,
      vendorCost.currency,
      terms.currency,
      deps.config.currencyRates,
    );
    const verdict = transferVerdictOf(conversation, agent.transferTargets, deps.clock.now());
    // With the tenant's redaction on, only the redacted text is ever stored (transcript, summary, cached conversation).
    const call = newCallOf(
      redactedConversation(conversation, redact),
      { id: newId(), agentId: agent.id, campaignId, costCents, currency: terms.currency },
      verdict,
    );
    const { startedAt, durationSec } = call;

    return deps.db.transaction(async (trx) => {
      if (options.webhookEventId && !(await markWebhookEvent(trx, WEBHOOK_PROVIDER, options.webhookEventId, now))) {
        return 'duplicate';
      }
      if (!(await insertCallOnce(trx, tenantId, call, now))) return 'duplicate';
      await stats.recordCall(trx, tenantId, agent.id, {
        startedAt,
        durationSec,
        costCents,
        callSuccessful: call.callSuccessful,
        outcome: callOutcomeOf(conversation, verdict),
      });
      await usage.recordCall(
        trx,
        tenantId,
        { startedAt, durationSec, conversationId: conversation.conversationId },
        terms,
      );
      await analysis.queueForNewCall(call.id, trx);
      await events.publish(
        tenantId,
        { type: 'call.completed', data: { callId: call.id, agentId: agent.id, campaignId, durationSec } },
        trx,
      );
      // A caller whose handover nobody took is called back by a person (the dialer settles outbound calls' own).
      if (verdict?.outcome === 'transfer_missed' && call.direction === 'inbound') {
        await leaveInboundCallback(trx, { tenantId, campaignId, agentId: agent.id, conversation, verdict });
      }
      if (verdict?.outcome === 'transferred') {
        const transferredTo = verdict.targetNumber;
        await webhooks.publish(
          tenantId,
          'call.transferred',
          { callId: call.id, agentId: agent.id, campaignId, transferredTo },
          trx,
        );
      }
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
  };
}
