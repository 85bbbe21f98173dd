import type { Context } from 'koa';
import type { EmulatorRoute } from '../emulator-route';
import { vendorId } from '../vendor-ids';
import { detailError, E164, jsonBody, missingFields, notFound, validationFailed } from './elevenlabs.http';
import type { ElevenLabsState, PhoneNumberRecord } from './elevenlabs.state';

/** Imported Twilio numbers: `/v1/convai/phone-numbers`. */

export function phoneNumberView(state: ElevenLabsState, entry: PhoneNumberRecord) {
  const agent = entry.agent_id ? state.agents.get(entry.agent_id) : undefined;
  return {
    phone_number: entry.phone_number,
    label: entry.label,
    supports_inbound: entry.supports_inbound,
    supports_outbound: entry.supports_outbound,
    phone_number_id: entry.phone_number_id,
    assigned_agent: agent ? { agent_id: agent.agent_id, agent_name: agent.name } : null,
    provider: 'twilio',
  };
}

function importNumber(ctx: Context, state: ElevenLabsState): void {
  const { agents, phoneNumbers, twilio, logger } = state;
  const body = jsonBody(ctx);
  const missing = missingFields(body, ['phone_number', 'label', 'sid', 'token']);
  if (missing.length) return validationFailed(ctx, missing);
  if ((body.provider ?? 'twilio') !== 'twilio') {
    return detailError(ctx, 400, 'unsupported_provider', 'The sandbox imports Twilio numbers only.');
  }
  const phoneNumber = String(body.phone_number);
  if (!E164.test(phoneNumber)) {
    return validationFailed(ctx, [{ field: 'phone_number', msg: 'Invalid phone number', type: 'value_error' }]);
  }
  if (body.sid !== twilio.accountSid || body.token !== twilio.authToken) {
    return detailError(ctx, 400, 'invalid_twilio_credentials', 'Twilio rejected the given account SID and token.');
  }
  if (!twilio.ownsNumber(phoneNumber)) {
    return detailError(
      ctx,
      400,
      'phone_number_not_found_in_twilio',
      `${phoneNumber} is not a number of this Twilio account.`,
    );
  }
  if (phoneNumbers.all().some((entry) => entry.phone_number === phoneNumber)) {
    return detailError(ctx, 409, 'phone_number_already_exists', `${phoneNumber} has already been imported.`);
  }
  const agentId = typeof body.agent_id === 'string' ? body.agent_id : null;
  if (agentId && !agents.get(agentId)) return notFound.agent(ctx, agentId);
  const entry: PhoneNumberRecord = {
    phone_number_id: vendorId('phnum_'),
    phone_number: phoneNumber,
    label: String(body.label),
    supports_inbound: body.supports_inbound !== false,
    supports_outbound: body.supports_outbound !== false,
    agent_id: agentId,
  };
  phoneNumbers.put(entry.phone_number_id, entry);
  logger?.info({ phoneNumberId: entry.phone_number_id }, 'elevenlabs sandbox: number imported');
  ctx.body = { phone_number_id: entry.phone_number_id };
}

function listNumbers(ctx: Context, state: ElevenLabsState): void {
  ctx.body = state.phoneNumbers.all().map((entry) => phoneNumberView(state, entry));
}

function getNumber(ctx: Context, state: ElevenLabsState): void {
  const entry = state.phoneNumbers.get(ctx.params.phoneNumberId ?? '');
  if (!entry) return notFound.phoneNumber(ctx);
  ctx.body = phoneNumberView(state, entry);
}

function updateNumber(ctx: Context, state: ElevenLabsState): void {
  const entry = state.phoneNumbers.get(ctx.params.phoneNumberId ?? '');
  if (!entry) return notFound.phoneNumber(ctx);
  const body = jsonBody(ctx);
  let agentId = entry.agent_id;
  if ('agent_id' in body) {
    agentId = typeof body.agent_id === 'string' && body.agent_id ? body.agent_id : null;
    if (agentId && !state.agents.get(agentId)) return notFound.agent(ctx, agentId);
  }
  const updated: PhoneNumberRecord = {
    ...entry,
    agent_id: agentId,
    label: typeof body.label === 'string' ? body.label : entry.label,
  };
  state.phoneNumbers.put(updated.phone_number_id, updated);
  ctx.body = phoneNumberView(state, updated);
}

function deleteNumber(ctx: Context, state: ElevenLabsState): void {
  if (!state.phoneNumbers.delete(ctx.params.phoneNumberId ?? '')) return notFound.phoneNumber(ctx);
  ctx.body = {};
}

export const phoneNumberRoutes: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  { method: 'post', path: '/v1/convai/phone-numbers', handle: importNumber },
  { method: 'get', path: '/v1/convai/phone-numbers', handle: listNumbers },
  { method: 'get', path: '/v1/convai/phone-numbers/:phoneNumberId', handle: getNumber },
  { method: 'patch', path: '/v1/convai/phone-numbers/:phoneNumberId', handle: updateNumber },
  { method: 'delete', path: '/v1/convai/phone-numbers/:phoneNumberId', handle: deleteNumber },
];
