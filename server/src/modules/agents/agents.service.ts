import type {
  Agent,
  AgentStatsResponse,
  CreateAgentResponse,
  DeleteAgentResponse,
  SimulateCallResponse,
  SyncCallsResponse,
} from '@shared/api/agents.types';
import { buildAgentPrompt } from '@shared/domain/agent-prompt';
import { withTypeExtension, type DetectedFileType } from '@shared/domain/file-signature';
import { publicUrlProblem } from '@shared/domain/public-url';
import type { CreateAgentRequest, UpdateAgentRequest } from '@shared/schemas/agent.schema';
import { uploadIdFromPath } from '@shared/schemas/upload.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type {
  VoiceAgentConfig,
  VoiceConversation,
  VoiceConversationPage,
  VoiceKnowledgeRef,
} from '../../providers/voice/voice.types';
import { isFinalConversation, type CallRecorder } from '../calls/calls.service';
import { recordedConversationIds } from '../calls/calls.store';
import {
  findAgentPhoneNumber,
  findPhoneNumber,
  setAssignedAgent,
  unassignAgentNumbers,
  type PhoneNumberRow,
} from '../phone-numbers/phone-numbers.store';
import { agentTotals, agentTotalsByAgent, recentAgentCalls, toAgentStats } from '../stats/stats.store';
import { findTenantById, findTenantPlan, lockTenant } from '../tenants/tenants.store';
import type { UploadsService } from '../uploads/uploads.service';
import { findActiveVoice, findVoice, type VoiceRow } from '../voices/voices.store';
import {
  clearAgentPhoneNumber,
  countAgents,
  deleteAgent,
  findAgent,
  findAgentView,
  findCampaign,
  insertAgent,
  knowledgeRefsOf,
  linkCampaignAgent,
  listAgents,
  updateAgent,
  type AgentFields,
  type AgentRow,
} from './agents.store';
import { callProvider, createUndoLog, isProviderNotFound } from '../../lib/provider-call';

export const AGENT_LOCKED_MESSAGE = 'This agent is locked and cannot be edited or deleted. Please contact support.';
const RECENT_CALLS = 3;
/** sync-calls reads at most this many pages of conversations per request; the rest come with the next sync. */
const SYNC_MAX_PAGES = 20;

export type AgentsService = ReturnType<typeof createAgentsService>;

type KnowledgeFile = Awaited<ReturnType<UploadsService['read']>>;

interface KnowledgeSource {
  /** As the tenant gave it: a public URL, one of our upload paths, or null. */
  url: string | null;
  fileId: string | null;
}

/** An upload path in knowledgeUrl (what the upload answer's url is) means that upload. */
function normaliseKnowledge(source: KnowledgeSource): KnowledgeSource & { externalUrl: string | null } {
  const pathId = source.url ? uploadIdFromPath(source.url) : null;
  return { url: source.url, fileId: source.fileId ?? pathId, externalUrl: source.url && !pathId ? source.url : null };
}

function planLimitError(max: number): DomainError {
  const agents = `${max} agent${max === 1 ? '' : 's'}`;
  return new DomainError(
    'PLAN_LIMIT_REACHED',
    `Your plan allows up to ${agents}. Delete an agent or upgrade your plan to add more.`,
  );
}

/**
 * Voice agents: our rows and their agents at the voice provider, kept in step. Provider calls come first and
 * are undone if a later step fails; our rows are written last in one transaction.
 */
export function createAgentsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'config' | 'sandbox'>,
  uploads: UploadsService,
  recorder: CallRecorder,
) {
  const { db, logger } = deps;

  async function requireAgent(tenantId: string, id: string): Promise<AgentRow> {
    const agent = await findAgent(db, tenantId, id);
    if (!agent) throw new DomainError('NOT_FOUND');
    return agent;
  }

  async function view(tenantId: string, id: string): Promise<Agent> {
    const agent = await findAgentView(db, tenantId, id, toAgentStats(await agentTotals(db, tenantId, id)));
    if (!agent) throw new DomainError('NOT_FOUND');
    return agent;
  }

  async function maxAgents(tenantId: string): Promise<number> {
    const plan = await findTenantPlan(db, tenantId);
    return Number(plan?.max_agents ?? 0);
  }

  async function requireVoice(voiceId: string): Promise<VoiceRow> {
    const voice = await findActiveVoice(db, voiceId);
    if (!voice) throw new DomainError('NOT_FOUND', 'The selected voice could not be found.');
    return voice;
  }

  async function requireNumber(tenantId: string, phoneNumberId: string): Promise<PhoneNumberRow> {
    const number = await findPhoneNumber(db, tenantId, phoneNumberId);
    if (!number) throw new DomainError('NOT_FOUND', 'The selected phone number could not be found.');
    if (!number.active) throw new DomainError('CONFLICT', 'The selected phone number is not active.');
    return number;
  }

  /** The tenant's knowledge upload, checked before anything is created anywhere (another tenant's id is 404). */
  async function knowledgeFile(tenantId: string, fileId: string | null): Promise<KnowledgeFile | null> {
    if (!fileId) return null;
    const file = await uploads.read(tenantId, fileId);
    if (file.upload.kind !== 'knowledge') {
      throw new DomainError('VALIDATION_FAILED', 'The knowledge file must be an uploaded PDF.', {
        fields: {
          knowledgeFileId: 'Not a knowledge file',
        },
      });
    }
    return file;
  }

  /** Creates the provider's knowledge documents for a source; fetching the URL is the provider's job. */
  async function createKnowledge(agentName: string, externalUrl: string | null, file: KnowledgeFile | null) {
    const refs: VoiceKnowledgeRef[] = [];
    if (externalUrl) {
      const url = externalUrl;
      const problem = publicUrlProblem(url);
      if (problem) throw new DomainError('VALIDATION_FAILED', problem, { fields: { knowledgeUrl: problem } });
      refs.push(
        await callProvider(logger, 'The voice service could not read the knowledge URL', () =>
          deps.voice.createKnowledgeFromUrl(url, `${agentName} – website`),
        ),
      );
    }
    if (file) {
      const { upload, data } = file;
      refs.push(
        await callProvider(logger, 'The voice service could not read the knowledge file', () =>
          deps.voice.createKnowledgeFromFile(
            {
              data,
              filename: withTypeExtension(upload.original_name, upload.mime_type as DetectedFileType),
              mimeType: upload.mime_type,
            },
            `${agentName} – ${upload.original_name}`,
          ),
        ),
      );
    }
    return refs;
  }

  async function providerConfig(
    tenantId: string,
    agentId: string,
    fields: Pick<AgentFields, 'name' | 'purpose' | 'greeting' | 'closing' | 'prompt'>,
    voice: VoiceRow | undefined,
    knowledge: VoiceKnowledgeRef[],
  ): Promise<VoiceAgentConfig> {
    const tenant = await findTenantById(db, tenantId);
    return {
      name: fields.name,
      prompt: buildAgentPrompt({
        name: fields.name,
        purpose: fields.purpose,
        instructions: fields.prompt,
        closing: fields.closing,
        businessName: tenant?.name ?? null,
        hasKnowledgeBase: knowledge.length > 0,
      }),
      firstMessage: fields.greeting,
      voiceId: voice?.elevenlabs_id ?? null,
      knowledgeBase: knowledge,
      tags: [`tenant:${tenantId}`, `agent:${agentId}`],
    };
  }

  /** The provider agent id currently answering a number, so a failed move can hand it back. */
  async function holderOf(tenantId: string, number: PhoneNumberRow): Promise<string | null> {
    if (!number.assigned_agent_id) return null;
    return (await findAgent(db, tenantId, number.assigned_agent_id))?.elevenlabs_agent_id ?? null;
  }

  function assignAtProvider(number: PhoneNumberRow, providerAgentId: string | null) {
    const phoneId = number.elevenlabs_phone_number_id;
    if (!phoneId) return Promise.resolve();
    return callProvider(logger, 'The voice service could not assign the phone number', () =>
      deps.voice.assignPhoneNumber(phoneId, providerAgentId),
    );
  }

  async function list(tenantId: string): Promise<Agent[]> {
    const totals = await agentTotalsByAgent(db, tenantId);
    return listAgents(db, tenantId, (agentId) => {
      const { averageCost: _averageCost, ...stats } = toAgentStats(totals.get(agentId));
      return stats;
    });
  }

  async function create(tenantId: string, input: CreateAgentRequest): Promise<CreateAgentResponse> {
    // Every referenced id must be the tenant's (or the catalogue's) before anything is created anywhere.
    const voice = input.voiceId ? await requireVoice(input.voiceId) : undefined;
    const number = input.phoneNumberId ? await requireNumber(tenantId, input.phoneNumberId) : undefined;
    const campaign = input.campaignId ? await findCampaign(db, tenantId, input.campaignId) : undefined;
    if (input.campaignId && !campaign) throw new DomainError('NOT_FOUND', 'The campaign could not be found.');
    if (campaign?.agent_id) throw new DomainError('CONFLICT', 'This campaign already has an agent.');
    const knowledge = normaliseKnowledge({ url: input.knowledgeUrl ?? null, fileId: input.knowledgeFileId ?? null });
    const file = await knowledgeFile(tenantId, knowledge.fileId);
    const max = await maxAgents(tenantId);
    if ((await countAgents(db, tenantId)) >= max) throw planLimitError(max);

    const id = newId();
    const fields = {
      name: input.name,
      purpose: input.purpose,
      greeting: input.greeting,
      closing: input.closing,
      prompt: input.prompt ?? null,
    };
    const undo = createUndoLog(logger);
    try {
      const knowledgeRefs = await createKnowledge(input.name, knowledge.externalUrl, file);
      const config = await providerConfig(tenantId, id, fields, voice, knowledgeRefs);
      const { agentId: providerId } = await callProvider(logger, 'The voice service could not create the agent', () =>
        deps.voice.createAgent(config),
      );
      undo.add(`delete provider agent ${providerId}`, () => deps.voice.deleteAgent(providerId));
      if (number) {
        const previousHolder = await holderOf(tenantId, number);
        await assignAtProvider(number, providerId);
        undo.add(`give number ${number.id} back`, () => assignAtProvider(number, previousHolder));
      }

      const now = isoNow(deps.clock);
      await db.transaction(async (trx) => {
        await lockTenant(trx, tenantId);
        // Counted again under the lock: two creates racing for the last slot cannot both pass.
        if ((await countAgents(trx, tenantId)) >= max) throw planLimitError(max);
        await insertAgent(
          trx,
          tenantId,
          id,
          {
            ...fields,
            knowledgeUrl: knowledge.url,
            knowledgeFileId: knowledge.fileId,
            knowledgeRefs,
            voiceId: voice?.id ?? null,
            active: true,
            elevenlabsAgentId: providerId,
            phoneNumber: number?.phone_number ?? null,
          },
          now,
        );
        if (number) {
          if (number.assigned_agent_id) await clearAgentPhoneNumber(trx, tenantId, [number.assigned_agent_id], now);
          await setAssignedAgent(trx, tenantId, number.id, id, now);
        }
        if (campaign) {
          const current = await findCampaign(trx, tenantId, campaign.id);
          if (current?.agent_id) throw new DomainError('CONFLICT', 'This campaign already has an agent.');
          await linkCampaignAgent(trx, tenantId, campaign.id, id, now);
        }
      });
    } catch (error) {
      await undo.rollback();
      throw error;
    }
    const agent = await view(tenantId, id);
    return { agent, phoneNumber: agent.phoneNumber, message: 'AI Voice Agent Created!' };
  }

  async function update(tenantId: string, id: string, input: UpdateAgentRequest): Promise<Agent> {
    const agent = await requireAgent(tenantId, id);
    if (agent.locked) throw new DomainError('AGENT_LOCKED', AGENT_LOCKED_MESSAGE);
    const voice =
      input.voiceId !== undefined
        ? input.voiceId
          ? await requireVoice(input.voiceId)
          : undefined
        : agent.voice_id
          ? await findVoice(db, agent.voice_id)
          : undefined;
    const currentNumber = await findAgentPhoneNumber(db, tenantId, id);
    const nextNumber =
      input.phoneNumberId === undefined
        ? currentNumber
        : input.phoneNumberId
          ? await requireNumber(tenantId, input.phoneNumberId)
          : undefined;
    const numberChanged = nextNumber?.id !== currentNumber?.id;

    // A knowledge field in the request replaces the whole source (a URL or a file); otherwise it stays.
    const replacesKnowledge = input.knowledgeUrl !== undefined || input.knowledgeFileId !== undefined;
    const before = normaliseKnowledge({ url: agent.knowledge_url, fileId: agent.knowledge_file_id });
    const after = replacesKnowledge
      ? normaliseKnowledge({ url: input.knowledgeUrl ?? null, fileId: input.knowledgeFileId ?? null })
      : before;

    const fileChanged = after.fileId !== before.fileId;
    const urlChanged = after.externalUrl !== before.externalUrl;
    const newFile = fileChanged ? await knowledgeFile(tenantId, after.fileId) : null;

    const fields = {
      name: input.name ?? agent.name,
      purpose: input.purpose ?? agent.purpose,
      greeting: input.greeting ?? agent.greeting,
      closing: input.closing ?? agent.closing,
      prompt: input.prompt !== undefined ? input.prompt : agent.prompt,
    };
    const active = input.active ?? Boolean(agent.active);
    const wasActive = Boolean(agent.active);
    const oldRefs = knowledgeRefsOf(agent);

    const undo = createUndoLog(logger);
    let providerId = agent.elevenlabs_agent_id;
    let knowledgeRefs = oldRefs;
    try {
      if (urlChanged || fileChanged) {
        const kept = oldRefs.filter((ref) => (ref.type === 'url' ? !urlChanged : !fileChanged));
        const fresh = await createKnowledge(fields.name, urlChanged ? after.externalUrl : null, newFile);
        knowledgeRefs = [...kept, ...fresh];
      }
      const config = await providerConfig(tenantId, id, fields, voice, knowledgeRefs);
      if (providerId) {
        const existingId = providerId;
        const oldVoice = agent.voice_id ? await findVoice(db, agent.voice_id) : undefined;
        const oldConfig = await providerConfig(tenantId, id, agent, oldVoice, oldRefs);
        await callProvider(logger, 'The voice service could not update the agent', () =>
          deps.voice.updateAgent(existingId, config),
        );
        undo.add(`restore provider agent ${existingId}`, () => deps.voice.updateAgent(existingId, oldConfig));
      } else {
        // An agent whose provider twin was never made (or was lost) gets one now.
        const created = await callProvider(logger, 'The voice service could not create the agent', () =>
          deps.voice.createAgent(config),
        );
        providerId = created.agentId;
        const createdId = created.agentId;
        undo.add(`delete provider agent ${createdId}`, () => deps.voice.deleteAgent(createdId));
      }

      // An inactive agent keeps its number in our records but does not answer it at the provider.
      const answers = active ? providerId : null;
      if (currentNumber && (numberChanged || !active)) {
        if (numberChanged || wasActive) {
          await assignAtProvider(currentNumber, null);
          undo.add(`give number ${currentNumber.id} back`, () =>
            assignAtProvider(currentNumber, wasActive ? agent.elevenlabs_agent_id : null),
          );
        }
      }
      if (nextNumber && (numberChanged || (active && !wasActive))) {
        const previousHolder = numberChanged ? await holderOf(tenantId, nextNumber) : null;
        await assignAtProvider(nextNumber, answers);
        undo.add(`give number ${nextNumber.id} back`, () => assignAtProvider(nextNumber, previousHolder));
      }

      const now = isoNow(deps.clock);
      await db.transaction(async (trx) => {
        await updateAgent(
          trx,
          tenantId,
          id,
          {
            ...fields,
            knowledgeUrl: after.url,
            knowledgeFileId: after.fileId,
            knowledgeRefs,
            voiceId: voice?.id ?? null,
            active,
            elevenlabsAgentId: providerId,
            phoneNumber: nextNumber?.phone_number ?? null,
          },
          now,
        );
        if (numberChanged) {
          await unassignAgentNumbers(trx, tenantId, id, now, nextNumber?.id ?? null);
          if (nextNumber) {
            const previous = nextNumber.assigned_agent_id;
            if (previous && previous !== id) await clearAgentPhoneNumber(trx, tenantId, [previous], now);
            await setAssignedAgent(trx, tenantId, nextNumber.id, id, now);
          }
        }
      });
    } catch (error) {
      await undo.rollback();
      throw error;
    }
    return view(tenantId, id);
  }

  /** DELETE: an active agent is deactivated (it stops answering its number); an inactive one is deleted. */
  async function remove(tenantId: string, id: string): Promise<DeleteAgentResponse> {
    const agent = await requireAgent(tenantId, id);
    if (agent.locked) throw new DomainError('AGENT_LOCKED', AGENT_LOCKED_MESSAGE);
    const number = await findAgentPhoneNumber(db, tenantId, id);

    if (agent.active) {
      if (number) await assignAtProvider(number, null);
      await updateAgent(db, tenantId, id, { active: false }, isoNow(deps.clock));
      return { message: 'Agent deactivated successfully.', deleted: false };
    }

    const providerId = agent.elevenlabs_agent_id;
    if (providerId) {
      // Already gone at the provider (say, a retry after our delete failed) counts as deleted.
      await callProvider(logger, 'The voice service could not delete the agent', () =>
        deps.voice.deleteAgent(providerId).catch((error: unknown) => {
          if (!isProviderNotFound(error)) throw error;
        }),
      );
    }
    const now = isoNow(deps.clock);
    await db.transaction(async (trx) => {
      await unassignAgentNumbers(trx, tenantId, id, now);
      await deleteAgent(trx, tenantId, id);
    });
    return { message: 'Agent deleted successfully.', deleted: true };
  }

  async function stats(tenantId: string, id: string): Promise<AgentStatsResponse> {
    await requireAgent(tenantId, id);
    const [totals, recentCalls] = await Promise.all([
      agentTotals(db, tenantId, id),
      recentAgentCalls(db, tenantId, id, RECENT_CALLS),
    ]);
    return { ...toAgentStats(totals), recentCalls };
  }

  /** Pulls the agent's conversations from the provider and records those we have not seen (same path as the webhook). */
  async function syncCalls(tenantId: string, id: string): Promise<SyncCallsResponse> {
    const agent = await requireAgent(tenantId, id);
    const providerId = agent.elevenlabs_agent_id;
    let synced = 0;
    let created = 0;
    if (providerId) {
      let cursor: string | null = null;
      for (let page = 0; page < SYNC_MAX_PAGES; page += 1) {
        const current = cursor;
        const result: VoiceConversationPage = await callProvider(
          logger,
          'The voice service could not list the calls',
          () => deps.voice.listConversations(providerId, current),
        );
        synced += result.conversations.length;
        const known = await recordedConversationIds(
          db,
          tenantId,
          result.conversations.map((c) => c.conversationId),
        );
        for (const summary of result.conversations) {
          if (known.has(summary.conversationId) || !isFinalConversation(summary.status)) continue;
          const conversation: VoiceConversation = await callProvider(
            logger,
            'The voice service could not return a call',
            () => deps.voice.getConversation(summary.conversationId),
          );
          // Only conversations of this agent count here, whatever a listing might contain.
          if (conversation.agentId !== providerId) continue;
          if ((await recorder.recordConversation(conversation)) === 'recorded') created += 1;
        }
        cursor = result.nextCursor;
        if (!cursor) break;
      }
    }
    const message = created ? `Synced ${created} new call${created === 1 ? '' : 's'}.` : 'Calls are up to date.';
    return { synced, created, message };
  }

  /** The demo's "call this agent": asks the sandbox to ring the agent's number. Not found outside the sandbox. */
  async function simulateCall(tenantId: string, id: string): Promise<SimulateCallResponse> {
    const sandbox = deps.sandbox;
    if (deps.config.providers !== 'sandbox' || !sandbox) throw new DomainError('NOT_FOUND');
    const agent = await requireAgent(tenantId, id);
    const number = await findAgentPhoneNumber(db, tenantId, id);
    if (!number) throw new DomainError('CONFLICT', 'Assign a phone number to this agent before calling it.');
    if (!agent.active) throw new DomainError('CONFLICT', 'Activate this agent before calling it.');
    const { conversationId } = await callProvider(logger, 'The sandbox could not place the call', async () =>
      sandbox.simulateInboundCall({ phoneNumber: number.phone_number }),
    );
    return { message: 'Calling your agent now. The call will appear in a few seconds.', conversationId };
  }

  return { list, get: view, create, update, remove, stats, syncCalls, simulateCall };
}
