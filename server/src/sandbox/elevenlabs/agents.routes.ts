import type { Context } from 'koa';
import { VOICES } from '../../db/seeds/catalogue';
import type { EmulatorRoute } from '../emulator-route';
import { vendorId } from '../vendor-ids';
import { requestedPage } from './cursor-page';
import {
  deepMerge,
  detailError,
  E164,
  isObject,
  jsonBody,
  notFound,
  nowSecs,
  objectAt,
  queryValue,
  validationFailed,
  type Json,
} from './elevenlabs.http';
import { ACCESS_INFO, numbersOf, type AgentRecord, type ElevenLabsState } from './elevenlabs.state';
import { phoneNumberView } from './phone-numbers.routes';
import { isKnownVoice } from './voices.routes';

/** Agents: `/v1/convai/agents`. */

function agentView(state: ElevenLabsState, agent: AgentRecord) {
  return {
    agent_id: agent.agent_id,
    name: agent.name,
    conversation_config: agent.conversation_config,
    metadata: { created_at_unix_secs: agent.created_at_unix_secs, updated_at_unix_secs: agent.updated_at_unix_secs },
    platform_settings: agent.platform_settings,
    phone_numbers: numbersOf(state, agent.agent_id).map((entry) => phoneNumberView(state, entry)),
    tags: agent.tags,
    access_info: ACCESS_INFO,
  };
}

const TRANSFER_TYPES = ['conference', 'sip_refer'];

/**
 * What is wrong with the agent's transfer_to_number system tool, by the vendor document's TransferToNumberToolConfig
 * (each transfer a condition and a phone or SIP destination, conference or SIP REFER), as its 422 lists it.
 */
function transferToolProblems(config: Json): Array<{ field: string; msg: string; type: string }> {
  const tools = objectAt(config, 'agent', 'prompt', 'built_in_tools');
  const tool = tools?.transfer_to_number;
  if (tool === undefined || tool === null) return [];
  const at = 'conversation_config.agent.prompt.built_in_tools.transfer_to_number';
  if (!isObject(tool)) return [{ field: at, msg: 'Input should be a valid dictionary', type: 'dict_type' }];
  const problems: Array<{ field: string; msg: string; type: string }> = [];
  if (typeof tool.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) {
    problems.push({ field: `${at}.name`, msg: 'String should match pattern', type: 'string_pattern_mismatch' });
  }
  const params = objectAt(tool, 'params');
  if (params?.system_tool_type !== 'transfer_to_number') {
    problems.push({
      field: `${at}.params.system_tool_type`,
      msg: 'Input tag does not match',
      type: 'union_tag_invalid',
    });
    return problems;
  }
  if (!Array.isArray(params.transfers)) {
    problems.push({ field: `${at}.params.transfers`, msg: 'Field required', type: 'missing' });
    return problems;
  }
  params.transfers.forEach((transfer, index) => {
    const path = `${at}.params.transfers.${index}`;
    if (!isObject(transfer)) {
      problems.push({ field: path, msg: 'Input should be a valid dictionary', type: 'dict_type' });
      return;
    }
    if (typeof transfer.condition !== 'string') {
      problems.push({ field: `${path}.condition`, msg: 'Field required', type: 'missing' });
    }
    if (transfer.transfer_type !== undefined && !TRANSFER_TYPES.includes(String(transfer.transfer_type))) {
      problems.push({
        field: `${path}.transfer_type`,
        msg: "Input should be 'conference' or 'sip_refer'",
        type: 'enum',
      });
    }
    // The document lets the destination be absent or null (the deprecated `phone_number` then names it).
    const destination = transfer.transfer_destination;
    const valid =
      destination === undefined ||
      destination === null ||
      (isObject(destination) &&
        ((destination.type === 'phone' &&
          typeof destination.phone_number === 'string' &&
          E164.test(destination.phone_number)) ||
          (destination.type === 'sip_uri' && typeof destination.sip_uri === 'string')));
    if (!valid) {
      problems.push({
        field: `${path}.transfer_destination`,
        msg: 'Invalid transfer destination',
        type: 'value_error',
      });
    }
  });
  return problems;
}

/** Checks what an agent body points at, as the vendor does: known voices and existing documents. */
function checkAgentReferences(ctx: Context, state: ElevenLabsState, config: Json): boolean {
  const transferProblems = transferToolProblems(config);
  if (transferProblems.length) {
    validationFailed(ctx, transferProblems);
    return false;
  }
  const voiceId = objectAt(config, 'tts')?.voice_id;
  if (typeof voiceId === 'string' && !isKnownVoice(voiceId)) {
    detailError(ctx, 400, 'voice_not_found', `A voice with voice_id ${voiceId} was not found.`);
    return false;
  }
  const refs = objectAt(config, 'agent', 'prompt')?.knowledge_base;
  for (const ref of Array.isArray(refs) ? refs : []) {
    const id = isObject(ref) ? ref.id : undefined;
    if (typeof id !== 'string' || !state.documents.get(id)) {
      detailError(ctx, 404, 'document_not_found', `Knowledge base document ${String(id)} was not found.`);
      return false;
    }
  }
  return true;
}

function createAgent(ctx: Context, state: ElevenLabsState): void {
  const body = jsonBody(ctx);
  if (!isObject(body.conversation_config)) {
    return validationFailed(ctx, [{ field: 'conversation_config', msg: 'Field required', type: 'missing' }]);
  }
  if (!checkAgentReferences(ctx, state, body.conversation_config)) return;
  const now = nowSecs();
  const agent: AgentRecord = {
    agent_id: vendorId('agent_'),
    name: typeof body.name === 'string' ? body.name : '',
    tags: Array.isArray(body.tags) ? body.tags.map(String) : [],
    conversation_config: body.conversation_config,
    platform_settings: isObject(body.platform_settings) ? body.platform_settings : {},
    created_at_unix_secs: now,
    updated_at_unix_secs: now,
  };
  state.agents.put(agent.agent_id, agent);
  ctx.body = { agent_id: agent.agent_id };
}

function listAgents(ctx: Context, state: ElevenLabsState): void {
  const search = queryValue(ctx, 'search')?.toLowerCase();
  // `tags` may repeat; an agent carrying any of them matches, as the vendor documents.
  const tags = [ctx.query.tags ?? []].flat().filter((tag) => tag !== '');
  const matching = state.agents
    .all()
    .filter((agent) => !search || agent.name.toLowerCase().includes(search))
    .filter((agent) => tags.length === 0 || agent.tags.some((tag) => tags.includes(tag)));
  const result = requestedPage(ctx, matching, (agent) => [agent.created_at_unix_secs, agent.agent_id]);
  if (!result) return;
  const lastCall = new Map<string, number>();
  for (const conversation of state.calls.list()) {
    const start = conversation.metadata.start_time_unix_secs;
    lastCall.set(conversation.agent_id, Math.max(lastCall.get(conversation.agent_id) ?? 0, start));
  }
  ctx.body = {
    agents: result.items.map((agent) => ({
      agent_id: agent.agent_id,
      name: agent.name,
      voice_id: objectAt(agent.conversation_config, 'tts')?.voice_id ?? VOICES[0]?.elevenlabsId ?? '',
      tags: agent.tags,
      created_at_unix_secs: agent.created_at_unix_secs,
      access_info: ACCESS_INFO,
      last_call_time_unix_secs: lastCall.get(agent.agent_id) ?? null,
    })),
    next_cursor: result.next_cursor,
    has_more: result.has_more,
  };
}

function getAgent(ctx: Context, state: ElevenLabsState): void {
  const agent = state.agents.get(ctx.params.agentId ?? '');
  if (!agent) return notFound.agent(ctx, ctx.params.agentId ?? '');
  ctx.body = agentView(state, agent);
}

function updateAgent(ctx: Context, state: ElevenLabsState): void {
  const agent = state.agents.get(ctx.params.agentId ?? '');
  if (!agent) return notFound.agent(ctx, ctx.params.agentId ?? '');
  const body = jsonBody(ctx);
  const config = isObject(body.conversation_config)
    ? deepMerge(agent.conversation_config, body.conversation_config)
    : agent.conversation_config;
  if (!checkAgentReferences(ctx, state, config)) return;
  const updated: AgentRecord = {
    ...agent,
    name: typeof body.name === 'string' ? body.name : agent.name,
    tags: Array.isArray(body.tags) ? body.tags.map(String) : agent.tags,
    conversation_config: config,
    platform_settings: isObject(body.platform_settings)
      ? deepMerge(agent.platform_settings, body.platform_settings)
      : agent.platform_settings,
    updated_at_unix_secs: nowSecs(),
  };
  state.agents.put(updated.agent_id, updated);
  ctx.body = agentView(state, updated);
}

function deleteAgent(ctx: Context, state: ElevenLabsState): void {
  const agentId = ctx.params.agentId ?? '';
  const deleted = state.store.transaction(() => {
    if (!state.agents.delete(agentId)) return false;
    for (const entry of numbersOf(state, agentId)) {
      state.phoneNumbers.put(entry.phone_number_id, { ...entry, agent_id: null });
    }
    return true;
  });
  if (!deleted) return notFound.agent(ctx, agentId);
  ctx.status = 204;
}

export const agentRoutes: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  { method: 'post', path: '/v1/convai/agents/create', handle: createAgent },
  { method: 'get', path: '/v1/convai/agents', handle: listAgents },
  { method: 'get', path: '/v1/convai/agents/:agentId', handle: getAgent },
  { method: 'patch', path: '/v1/convai/agents/:agentId', handle: updateAgent },
  { method: 'delete', path: '/v1/convai/agents/:agentId', handle: deleteAgent },
];
