import type { Knex } from 'knex';
import type { AnalysisRun, AnalysisRunScope } from '@shared/api/calls.types';
import type { CallAnalysis } from '@shared/schemas/calls.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { AgentsService } from '../agents/agents.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { DataPolicyService } from '../data-policy/data-policy.service';
import type { OptOutsService } from '../do-not-call/opt-outs.service';
import type { EventsService } from '../events/events.service';
import { countRunCall, findRun, insertRun } from './analysis-runs.store';
import { cachedConversation, transcriptOf } from './call-conversation';
import { disclosureHeard, openingWords } from '@shared/domain/disclosure';
import type { TenantsService } from '../tenants/tenants.service';
import { callIdsOf, findCall, saveAnalysis, saveDisclosureCheck, type CallRecord } from './calls.store';

/** The job that analyses one call: when it is recorded, and for each call of an admin's re-analysis. */
export const ANALYSE_CALL_JOB = 'analyse-call';
/** A failing analyser (an endpoint down, a malformed answer) is asked again after about 5 and 10 seconds. */
export const ANALYSE_CALL_RETRIES = { retryLimit: 2, retryDelaySeconds: 5, retryBackoff: true } as const;

export type CallAnalysisService = ReturnType<typeof createCallAnalysisService>;

/**
 * Call analysis on the job engine: each recorded call is analysed once it arrives, and an admin can re-run it for one
 * call, an agent's calls or a campaign's calls. A call's analysis is replaced only by a successful one, with its time.
 */
export function createCallAnalysisService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'jobs' | 'analysis'>,
  services: {
    agents: AgentsService;
    campaigns: CampaignsService;
    events: EventsService;
    optOuts: Pick<OptOutsService, 'fromCall'>;
    tenants: Pick<TenantsService, 'get'>;
    dataPolicy: Pick<DataPolicyService, 'redactedData'>;
  },
) {
  const { agents, campaigns, events, optOuts, dataPolicy } = services;

  function queue(callId: string, runId: string | null, trx?: Knex.Transaction) {
    return deps.jobs.send(
      ANALYSE_CALL_JOB,
      { callId, runId },
      { singletonKey: runId ? `${runId}:${callId}` : callId, ...ANALYSE_CALL_RETRIES },
      trx,
    );
  }

  /**
   * Do-not-call capture: the caller asked not to be called again, so their number joins the tenant's list and its
   * pending contacts in every campaign are ended, as any opt-out.
   */
  async function captureOptOut(call: CallRecord): Promise<void> {
    if (!call.customerPhoneNumber) return;
    if (await optOuts.fromCall(call.tenantId, call.customerPhoneNumber, call.id)) {
      deps.logger.info({ tenantId: call.tenantId, callId: call.id }, 'caller added to the do-not-call list');
    }
  }

  async function countForRun(runId: string, outcome: 'succeeded' | 'failed'): Promise<void> {
    const counted = await countRunCall(deps.db, runId, outcome, isoNow(deps.clock));
    if (!counted) return;
    const { run } = counted;
    await events.publish(counted.tenantId, {
      type: 'analysis.progress',
      data: {
        runId,
        total: run.total,
        succeeded: run.succeeded,
        failed: run.failed,
        finished: run.status === 'finished',
      },
    });
  }

  async function requireScope(tenantId: string, scope: AnalysisRunScope, id: string): Promise<string[]> {
    if (scope === 'call') {
      if (!(await findCall(deps.db, id, tenantId))) throw new DomainError('NOT_FOUND', 'Call not found.');
      return [id];
    }
    if (scope === 'agent') {
      await agents.require(tenantId, id);
      return callIdsOf(deps.db, tenantId, { agentId: id });
    }
    await campaigns.require(tenantId, id);
    return callIdsOf(deps.db, tenantId, { campaignId: id });
  }

  return {
    /** Queues the analysis of a call just recorded, in the transaction that records it. */
    queueForNewCall: (callId: string, trx: Knex.Transaction) => queue(callId, null, trx),

    /**
     * The job: analyses the call's cached transcript and replaces its analysis; a call without a transcript (nobody
     * answered) has nothing to analyse. A failure keeps the previous analysis; on the last attempt it counts as
     * failed in its run.
     */
    async analyseCall(callId: string, runId: string | null, lastAttempt: boolean): Promise<void> {
      const call = await findCall(deps.db, callId);
      if (!call) return;
      const conversation = cachedConversation(call.conversationData);
      const transcript = conversation ? transcriptOf(conversation) : [];
      if (transcript.length) {
        let analysis: CallAnalysis;
        try {
          // The analyser reads the stored (so, when the tenant redacts, redacted) transcript; what it writes back is
          // redacted too, in case it quotes anything the redactor only now recognises.
          analysis = await dataPolicy.redactedData(call.tenantId, await deps.analysis.analyse(transcript));
        } catch (error) {
          if (runId && lastAttempt) await countForRun(runId, 'failed');
          throw error;
        }
        await saveAnalysis(
          deps.db,
          call.id,
          { json: JSON.stringify(analysis), overall: analysis.customerSentiment.overall },
          isoNow(deps.clock),
        );
        await events.publish(call.tenantId, {
          type: 'call.analysed',
          data: {
            callId: call.id,
            agentId: call.agentId,
            overall: analysis.customerSentiment.overall,
            answerQuality: analysis.questionAnswering.answerQuality,
          },
        });
        if (analysis.optOut.requested) await captureOptOut(call);
        if (call.direction === 'outbound') {
          // The first words of an outbound call must disclose an automated caller and the business: flagged if not.
          const { name } = await services.tenants.get(call.tenantId);
          await saveDisclosureCheck(deps.db, call.id, !disclosureHeard(openingWords(transcript), name));
        }
      }
      if (runId) await countForRun(runId, 'succeeded');
    },

    /** An admin's re-analysis of one call, an agent's calls or a campaign's calls; another tenant's is not found. */
    async startRun(
      tenantId: string,
      requestedBy: string,
      input: { scope: AnalysisRunScope; id: string },
    ): Promise<AnalysisRun> {
      const callIds = await requireScope(tenantId, input.scope, input.id);
      const run = await insertRun(
        deps.db,
        tenantId,
        { id: newId(), scope: input.scope, scopeId: input.id, total: callIds.length, requestedBy },
        isoNow(deps.clock),
      );
      for (const callId of callIds) await queue(callId, run.id);
      return run;
    },

    async run(tenantId: string, runId: string): Promise<AnalysisRun> {
      const run = await findRun(deps.db, tenantId, runId);
      if (!run) throw new DomainError('NOT_FOUND', 'Analysis run not found.');
      return run;
    },
  };
}
