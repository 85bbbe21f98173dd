import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import { findAgentByProviderId, findAgentCampaignId } from '../agents/agents.store';
import { callProvider } from '../../lib/provider-call';
import { findTenantById, findTenantPlan } from '../tenants/tenants.store';
import {
  addCallToUsage,
  addToAgentDay,
  insertCallOnce,
  isWebhookEventProcessed,
  markWebhookEvent,
} from './calls.store';

export type RecordOutcome = 'recorded' | 'duplicate' | 'unknown-agent' | 'not-final';

const WEBHOOK_PROVIDER = 'elevenlabs';
const FINAL_STATUSES: ReadonlySet<VoiceConversation['status']> = new Set(['done', 'failed']);

export function isFinalConversation(status: VoiceConversation['status']): boolean {
  return FINAL_STATUSES.has(status);
}

export type CallRecorder = ReturnType<typeof createCallRecorder>;

/**
 * Records finished conversations as calls, exactly once per conversation id, with the per-agent rollup and
 * the tenant's monthly usage in the same transaction. The post-call webhook and sync-calls both come here.
 */
export function createCallRecorder(deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice'>) {
  async function recordConversation(
    conversation: VoiceConversation,
    options: { webhookEventId?: string } = {},
  ): Promise<RecordOutcome> {
    if (!isFinalConversation(conversation.status)) return 'not-final';
    // The tenant comes from our agent row for the provider's agent id, never from anything the payload claims.
    const agent = await findAgentByProviderId(deps.db, conversation.agentId);
    if (!agent) {
      deps.logger.warn({ conversationId: conversation.conversationId }, 'conversation of an unknown agent ignored');
      return 'unknown-agent';
    }
    const tenantId = agent.tenant_id;
    const [tenant, plan, campaignId] = await Promise.all([
      findTenantById(deps.db, tenantId),
      findTenantPlan(deps.db, tenantId),
      findAgentCampaignId(deps.db, tenantId, agent.id),
    ]);
    const now = isoNow(deps.clock);
    const started = new Date(conversation.startedAt);
    const durationSec = Math.max(0, Math.round(conversation.durationSec));
    const costCents = Math.max(0, Math.round(conversation.costCents));
    const startedAt = started.toISOString();

    return deps.db.transaction(async (trx) => {
      if (options.webhookEventId && !(await markWebhookEvent(trx, WEBHOOK_PROVIDER, options.webhookEventId, now))) {
        return 'duplicate';
      }
      const isNew = await insertCallOnce(trx, tenantId, {
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
        recordingUrl: conversation.recordingUrl,
        voicemailDetected: conversation.outcome === 'voicemail',
        transcript: JSON.stringify(conversation.transcript),
        summary: conversation.analysis?.transcriptSummary ?? null,
        callSuccessful: conversation.analysis?.callSuccessful ?? null,
        conversationData: JSON.stringify(conversation),
        now,
      });
      if (!isNew) return 'duplicate';
      await addToAgentDay(trx, tenantId, agent.id, startedAt.slice(0, 10), durationSec, costCents);
      await addCallToUsage(
        trx,
        tenantId,
        startedAt.slice(0, 7),
        durationSec,
        {
          minutesIncluded: Number(tenant?.minutes_included ?? plan?.minutes_included ?? 0),
          ratePerMinuteCents: Number(tenant?.price_per_minute_override ?? plan?.overage_rate_per_minute ?? 0),
        },
        now,
      );
      return 'recorded';
    });
  }

  /** A verified post-call webhook: fetch the conversation from the provider (the truth) and record it. */
  async function handlePostCallWebhook(event: { conversationId: string; agentId: string }): Promise<RecordOutcome> {
    // Events for agents we do not have (another platform on the same workspace, a deleted agent) are ignored
    // without asking the provider; for the rest, the fetched conversation's agent decides, not the payload.
    if (!(await findAgentByProviderId(deps.db, event.agentId))) {
      deps.logger.info({ conversationId: event.conversationId }, 'webhook for an unknown agent ignored');
      return 'unknown-agent';
    }
    // One key per conversation: its transcription, audio and failure events all lead to the same single call.
    const eventId = `post_call:${event.conversationId}`;
    if (await isWebhookEventProcessed(deps.db, WEBHOOK_PROVIDER, eventId)) return 'duplicate';
    const conversation = await callProvider(deps.logger, 'The voice service could not return the conversation', () =>
      deps.voice.getConversation(event.conversationId),
    );
    return recordConversation(conversation, { webhookEventId: eventId });
  }

  return { recordConversation, handlePostCallWebhook };
}
