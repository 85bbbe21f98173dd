import type { Context } from 'koa';
import { DomainError } from '../../domain/domain-error';
import { dataCollectionItems, evaluationCriteria } from '../call-analysis';
import {
  answerScenario,
  DEFAULT_CALL_HANDLING,
  fillVariables,
  invalidDestinationMessage,
  isInvalidDestination,
  outcomeWithHandling,
  type CallHandling,
} from '../call-script';
import type { SimulatedCallRequest } from '../call.simulator';
import type { EmulatorRoute } from '../emulator-route';
import {
  detailError,
  E164,
  isObject,
  jsonBody,
  missingFields,
  notFound,
  objectAt,
  validationFailed,
  type Json,
} from './elevenlabs.http';
import { numbersOf, type AgentRecord, type ElevenLabsState, type PhoneNumberRecord } from './elevenlabs.state';

/** Phone calls through imported Twilio numbers: the outbound-call route and the simulated inbound call. */

export interface InboundCallRequest {
  /** The imported number that was dialled; its assigned agent answers. */
  phoneNumber?: string;
  /** Or the agent to call directly (through its number if it has one). */
  agentId?: string;
  callerNumber?: string;
}

const DEFAULT_CALLER = '+64211234567';

/** Calls the workspace may run at once; ElevenLabs answers 429 past its plan's concurrency limit. */
export const MAX_CONCURRENT_CALLS = 20;

function agentCallProfile(agent: AgentRecord): SimulatedCallRequest['agent'] {
  const agentConfig = objectAt(agent.conversation_config, 'agent');
  const prompt = objectAt(agent.conversation_config, 'agent', 'prompt')?.prompt;
  return {
    agentId: agent.agent_id,
    name: agent.name,
    firstMessage: typeof agentConfig?.first_message === 'string' ? agentConfig.first_message : '',
    prompt: typeof prompt === 'string' ? prompt : '',
    dataCollection: dataCollectionItems(agent.platform_settings.data_collection),
    evaluationCriteria: evaluationCriteria(objectAt(agent.platform_settings, 'evaluation')?.criteria),
    ...transferProfile(agent),
  };
}

/** The agent's transfer_to_number tool as a call meets it: its numbers and conditions, and its response timeout. */
function transferProfile(agent: AgentRecord): Pick<SimulatedCallRequest['agent'], 'transfers' | 'transferTimeoutSecs'> {
  const tool = objectAt(agent.conversation_config, 'agent', 'prompt', 'built_in_tools', 'transfer_to_number');
  const params = objectAt(tool, 'params');
  const transfers = (Array.isArray(params?.transfers) ? params.transfers : []).flatMap((entry) => {
    if (!isObject(entry)) return [];
    const destination = objectAt(entry, 'transfer_destination');
    const phoneNumber = destination?.phone_number ?? entry.phone_number;
    if (typeof phoneNumber !== 'string') return [];
    return [{ phoneNumber, condition: typeof entry.condition === 'string' ? entry.condition : '' }];
  });
  const timeout = tool?.response_timeout_secs;
  return { transfers, ...(typeof timeout === 'number' ? { transferTimeoutSecs: timeout } : {}) };
}

/** The agent as an outbound call meets it: the caller's per-call overrides of its first message and prompt applied. */
export function outboundCallProfile(
  agent: AgentRecord,
  clientData: Json | undefined,
): Pick<SimulatedCallRequest, 'agent'> {
  const profile = agentCallProfile(agent);
  const override = objectAt(clientData, 'conversation_config_override', 'agent');
  const prompt = objectAt(override, 'prompt')?.prompt;
  return {
    agent: {
      ...profile,
      firstMessage: typeof override?.first_message === 'string' ? override.first_message : profile.firstMessage,
      prompt: typeof prompt === 'string' ? prompt : profile.prompt,
    },
  };
}

const secondsAt = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;

/**
 * How the agent meets a machine and where its limits lie, as the vendor would play them: the message its
 * `voicemail_detection` tool is configured with (dynamic variables filled in), whether the call's variables say a
 * call screener is a person (the tool's description tells the agent so), its silence timeout and maximum length.
 */
export function callHandlingOf(agent: AgentRecord, dynamicVariables: Record<string, unknown>): CallHandling {
  const tool = objectAt(
    agent.conversation_config,
    'agent',
    'prompt',
    'built_in_tools',
    'voicemail_detection',
    'params',
  );
  const configured = typeof tool?.voicemail_message === 'string' ? tool.voicemail_message : '';
  const message = fillVariables(configured, dynamicVariables).trim();
  return {
    voicemailMessage: message && !/\{\{/.test(message) ? message : null,
    screeningBot: dynamicVariables.parley_screening_bot === 'machine' ? 'machine' : 'human',
    silenceTimeoutSeconds: secondsAt(
      objectAt(agent.conversation_config, 'turn')?.silence_end_call_timeout,
      DEFAULT_CALL_HANDLING.silenceTimeoutSeconds,
    ),
    maxCallSeconds: secondsAt(
      objectAt(agent.conversation_config, 'conversation')?.max_duration_seconds,
      DEFAULT_CALL_HANDLING.maxCallSeconds,
    ),
  };
}

function outboundCall(ctx: Context, state: ElevenLabsState): void {
  const body = jsonBody(ctx);
  const missing = missingFields(body, ['agent_id', 'agent_phone_number_id', 'to_number']);
  if (missing.length) return validationFailed(ctx, missing);
  const toNumber = String(body.to_number);
  if (!E164.test(toNumber)) {
    return validationFailed(ctx, [{ field: 'to_number', msg: 'Invalid phone number', type: 'value_error' }]);
  }
  const agent = state.agents.get(String(body.agent_id));
  if (!agent) return notFound.agent(ctx, String(body.agent_id));
  const number = state.phoneNumbers.get(String(body.agent_phone_number_id));
  if (!number) return notFound.phoneNumber(ctx);
  if (!number.supports_outbound) {
    return detailError(ctx, 400, 'outbound_not_supported', 'This phone number does not make outbound calls.');
  }
  if (isInvalidDestination(toNumber)) {
    // The call is placed through the imported Twilio number, and Twilio's refusal comes back as the vendor's 400
    // (the `{detail:{status,message}}` shape of its other 400s; the status word is ours, the spec names none).
    return detailError(ctx, 400, 'invalid_phone_number', invalidDestinationMessage(toNumber));
  }
  if (state.calls.running() >= MAX_CONCURRENT_CALLS) {
    return detailError(ctx, 429, 'too_many_concurrent_requests', 'Too many calls are running at once.');
  }
  const clientData = objectAt(body, 'conversation_initiation_client_data');
  const userId = typeof clientData?.user_id === 'string' ? clientData.user_id : null;
  const dynamicVariables = objectAt(body, 'conversation_initiation_client_data', 'dynamic_variables') ?? {};
  const handling = callHandlingOf(agent, dynamicVariables);
  const started = state.calls.startCall({
    ...outboundCallProfile(agent, clientData),
    direction: 'outbound',
    phoneNumber: { phoneNumberId: number.phone_number_id, phoneNumber: number.phone_number },
    externalNumber: toNumber,
    dynamicVariables,
    outcome: outcomeWithHandling(toNumber, handling),
    answer: answerScenario(toNumber),
    handling,
    userId,
  });
  // `callSid` really is camelCase on the vendor's wire, beside snake_case `conversation_id`.
  ctx.body = { success: true, message: 'Success', conversation_id: started.conversationId, callSid: started.callSid };
}

/** A caller rings an imported number (or an agent directly); throws when the sandbox cannot place that call. */
export function simulateInboundCall(
  state: ElevenLabsState,
  request: InboundCallRequest,
): { conversationId: string; callSid: string | null } {
  const callerNumber = request.callerNumber ?? DEFAULT_CALLER;
  if (!E164.test(callerNumber)) throw new DomainError('VALIDATION_FAILED', 'The caller number must be in E.164 form.');
  let number: PhoneNumberRecord | undefined;
  let agent: AgentRecord | undefined;
  if (request.phoneNumber) {
    number = state.phoneNumbers.all().find((entry) => entry.phone_number === request.phoneNumber);
    if (!number) throw new DomainError('NOT_FOUND', `${request.phoneNumber} is not imported into the voice sandbox.`);
    if (!number.agent_id) throw new DomainError('NUMBER_HAS_NO_AGENT', `No agent answers ${request.phoneNumber}.`);
    agent = state.agents.get(number.agent_id);
  } else if (request.agentId) {
    agent = state.agents.get(request.agentId);
    number = agent ? numbersOf(state, agent.agent_id)[0] : undefined;
  } else {
    throw new DomainError('VALIDATION_FAILED', 'Say which number or agent the simulated call goes to.');
  }
  if (!agent) throw new DomainError('NOT_FOUND', 'That agent does not exist in the voice sandbox.');
  return state.calls.startCall({
    agent: agentCallProfile(agent),
    direction: 'inbound',
    phoneNumber: number ? { phoneNumberId: number.phone_number_id, phoneNumber: number.phone_number } : null,
    externalNumber: callerNumber,
    dynamicVariables: {},
    outcome: 'answered',
  });
}

export const callRoutes: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  { method: 'post', path: '/v1/convai/twilio/outbound-call', handle: outboundCall },
];
