import type { Context } from 'koa';
import { answerScenario, outcomeWithHandling } from '../call-script';
import type { WireConversation } from '../call.simulator';
import type { EmulatorRoute } from '../emulator-route';
import { vendorId } from '../vendor-ids';
import { callHandlingOf, MAX_CONCURRENT_CALLS, outboundCallProfile } from './calls.routes';
import { cursorPage, type PageKey } from './cursor-page';
import {
  E164,
  isObject,
  jsonBody,
  missingFields,
  notFound,
  nowSecs,
  objectAt,
  queryValue,
  validationFailed,
  type Json,
} from './elevenlabs.http';
import type { ElevenLabsState } from './elevenlabs.state';

/**
 * Batch calling (`/v1/convai/batch-calling/…`): submit, get with per-recipient status, list, cancel, retry. Recipients
 * are dialled from their scheduled time on, as many at once as the workspace's concurrency allows; a recipient's status
 * follows its conversation. Like the vendor, batches know nothing of calling windows or daily caps.
 */

type RecipientStatus =
  'pending' | 'dispatched' | 'initiated' | 'in_progress' | 'completed' | 'failed' | 'cancelled' | 'voicemail';

interface RecipientRecord {
  id: string;
  phone_number: string;
  client_data: Json;
  conversation_id: string | null;
  cancelled: boolean;
  created_at_unix: number;
  updated_at_unix: number;
}

export interface BatchRecord {
  id: string;
  name: string;
  agent_id: string;
  agent_name: string;
  phone_number_id: string;
  created_at_unix: number;
  scheduled_time_unix: number;
  timezone: string | null;
  cancelled: boolean;
  retry_count: number;
  last_updated_at_unix: number;
  recipients: RecipientRecord[];
}

const FINISHED: ReadonlySet<RecipientStatus> = new Set(['completed', 'failed', 'cancelled', 'voicemail']);
/** Recipients a retry calls again: the calls that did not reach a person. */
const RETRIED: ReadonlySet<RecipientStatus> = new Set(['failed', 'voicemail']);

function recipientStatus(state: ElevenLabsState, recipient: RecipientRecord): RecipientStatus {
  if (!recipient.conversation_id) return recipient.cancelled ? 'cancelled' : 'pending';
  const conversation = state.calls.get(recipient.conversation_id);
  if (!conversation) return 'failed';
  return statusOfConversation(conversation);
}

function statusOfConversation(conversation: WireConversation): RecipientStatus {
  if (conversation.status === 'initiated') return 'initiated';
  if (conversation.status === 'in-progress' || conversation.status === 'processing') return 'in_progress';
  if (conversation.status === 'failed') {
    return conversation.metadata.phone_call?.call_result === 'voicemail' ? 'voicemail' : 'failed';
  }
  return conversation.metadata.phone_call?.call_result === 'voicemail' ? 'voicemail' : 'completed';
}

function batchView(state: ElevenLabsState, batch: BatchRecord, withRecipients: boolean) {
  const statuses = batch.recipients.map((recipient) => recipientStatus(state, recipient));
  const dispatched = batch.recipients.filter((recipient) => recipient.conversation_id).length;
  const finished = statuses.filter((status) => FINISHED.has(status)).length;
  const status = batch.cancelled
    ? 'cancelled'
    : finished === statuses.length
      ? statuses.every((entry) => entry === 'failed')
        ? 'failed'
        : 'completed'
      : dispatched === 0 && nowSecs() < batch.scheduled_time_unix
        ? 'pending'
        : 'in_progress';
  return {
    id: batch.id,
    phone_number_id: batch.phone_number_id,
    phone_provider: 'twilio',
    name: batch.name,
    agent_id: batch.agent_id,
    created_at_unix: batch.created_at_unix,
    scheduled_time_unix: batch.scheduled_time_unix,
    ...(batch.timezone ? { timezone: batch.timezone } : {}),
    total_calls_dispatched: dispatched,
    total_calls_scheduled: batch.recipients.length,
    total_calls_finished: finished,
    last_updated_at_unix: batch.last_updated_at_unix,
    status,
    retry_count: batch.retry_count,
    telephony_call_config: {},
    agent_name: batch.agent_name,
    ...(withRecipients
      ? {
          recipients: batch.recipients.map((recipient, index) => ({
            id: recipient.id,
            phone_number: recipient.phone_number,
            status: statuses[index],
            created_at_unix: recipient.created_at_unix,
            updated_at_unix: recipient.updated_at_unix,
            conversation_id: recipient.conversation_id,
            conversation_initiation_client_data: recipient.client_data,
          })),
        }
      : {}),
  };
}

function submit(ctx: Context, state: ElevenLabsState): void {
  const body = jsonBody(ctx);
  const missing = missingFields(body, ['call_name', 'agent_id', 'recipients']);
  if (missing.length) return validationFailed(ctx, missing);
  const recipients = Array.isArray(body.recipients) ? body.recipients : [];
  if (recipients.length === 0) {
    return validationFailed(ctx, [
      { field: 'recipients', msg: 'At least one recipient is required', type: 'value_error' },
    ]);
  }
  const badIndex = recipients.findIndex(
    (recipient) =>
      !isObject(recipient) || typeof recipient.phone_number !== 'string' || !E164.test(recipient.phone_number),
  );
  if (badIndex >= 0) {
    return validationFailed(ctx, [
      { field: `recipients.${badIndex}.phone_number`, msg: 'Invalid phone number', type: 'value_error' },
    ]);
  }
  const agent = state.agents.get(String(body.agent_id));
  if (!agent) return notFound.agent(ctx, String(body.agent_id));
  const phoneNumberId = String(body.agent_phone_number_id ?? '');
  const number = state.phoneNumbers.get(phoneNumberId);
  if (!number) return notFound.phoneNumber(ctx);
  const now = nowSecs();
  const scheduled = typeof body.scheduled_time_unix === 'number' ? body.scheduled_time_unix : now;
  const batch: BatchRecord = {
    id: vendorId('btcal_'),
    name: String(body.call_name),
    agent_id: agent.agent_id,
    agent_name: agent.name,
    phone_number_id: number.phone_number_id,
    created_at_unix: now,
    scheduled_time_unix: scheduled,
    timezone: typeof body.timezone === 'string' ? body.timezone : null,
    cancelled: false,
    retry_count: 0,
    last_updated_at_unix: now,
    recipients: (recipients as Json[]).map((recipient) => ({
      id: typeof recipient.id === 'string' && recipient.id ? recipient.id : vendorId('rcpt_'),
      phone_number: String(recipient.phone_number),
      client_data: objectAt(recipient, 'conversation_initiation_client_data') ?? {},
      conversation_id: null,
      cancelled: false,
      created_at_unix: now,
      updated_at_unix: now,
    })),
  };
  state.batches.put(batch.id, batch);
  ctx.body = batchView(state, batch, false);
}

function getBatch(ctx: Context, state: ElevenLabsState): void {
  const batch = state.batches.get(ctx.params.batchId ?? '');
  if (!batch) return notFound.batch(ctx);
  ctx.body = batchView(state, batch, true);
}

/** The spec's default page; `limit` has no documented ceiling, so one is ours. */
const BATCH_PAGE_DEFAULT = 100;
const BATCH_PAGE_MAX = 1000;

const batchKey = (batch: BatchRecord): PageKey => [batch.created_at_unix, batch.id];

/**
 * `GET /v1/convai/batch-calling/workspace?limit&last_doc`: unlike the other lists (`page_size`, `cursor`), this one
 * pages by document: `next_doc` is the last batch of the page, sent back as `last_doc` for the next one.
 */
function listBatches(ctx: Context, state: ElevenLabsState): void {
  const agentId = queryValue(ctx, 'agent_id');
  const rawLimit = queryValue(ctx, 'limit');
  const limit = rawLimit === undefined ? BATCH_PAGE_DEFAULT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1) {
    return validationFailed(
      ctx,
      [{ field: 'limit', msg: 'Input should be a valid integer', type: 'int_parsing' }],
      'query',
    );
  }
  const lastDoc = queryValue(ctx, 'last_doc');
  const after = lastDoc === undefined ? undefined : state.batches.get(lastDoc);
  if (lastDoc !== undefined && !after) {
    return validationFailed(ctx, [{ field: 'last_doc', msg: 'Unknown document', type: 'value_error' }], 'query');
  }
  const matching = state.batches.all().filter((batch) => !agentId || batch.agent_id === agentId);
  const page = cursorPage(matching, batchKey, after ? batchKey(after) : null, Math.min(limit, BATCH_PAGE_MAX));
  ctx.body = {
    batch_calls: page.items.map((batch) => batchView(state, batch, false)),
    next_doc: page.has_more ? (page.items.at(-1)?.id ?? null) : null,
    has_more: page.has_more,
  };
}

function cancel(ctx: Context, state: ElevenLabsState): void {
  const batch = state.batches.get(ctx.params.batchId ?? '');
  if (!batch) return notFound.batch(ctx);
  const now = nowSecs();
  const cancelled: BatchRecord = {
    ...batch,
    cancelled: true,
    last_updated_at_unix: now,
    recipients: batch.recipients.map((recipient) =>
      recipient.conversation_id ? recipient : { ...recipient, cancelled: true, updated_at_unix: now },
    ),
  };
  state.batches.put(batch.id, cancelled);
  ctx.body = batchView(state, cancelled, false);
}

function retry(ctx: Context, state: ElevenLabsState): void {
  const batch = state.batches.get(ctx.params.batchId ?? '');
  if (!batch) return notFound.batch(ctx);
  const now = nowSecs();
  const retried: BatchRecord = {
    ...batch,
    cancelled: false,
    retry_count: batch.retry_count + 1,
    last_updated_at_unix: now,
    recipients: batch.recipients.map((recipient) =>
      RETRIED.has(recipientStatus(state, recipient)) || recipient.cancelled
        ? { ...recipient, conversation_id: null, cancelled: false, updated_at_unix: now }
        : recipient,
    ),
  };
  state.batches.put(batch.id, retried);
  ctx.body = batchView(state, retried, false);
}

/** Places the calls of every batch whose time has come, while the workspace has calls to spare. */
export function dispatchDueBatches(state: ElevenLabsState): void {
  const now = nowSecs();
  for (const batch of state.batches.all()) {
    if (batch.cancelled || batch.scheduled_time_unix > now) continue;
    if (!batch.recipients.some((recipient) => !recipient.conversation_id && !recipient.cancelled)) continue;
    const agent = state.agents.get(batch.agent_id);
    const number = state.phoneNumbers.get(batch.phone_number_id);
    const recipients = batch.recipients.map((recipient) => {
      if (recipient.conversation_id || recipient.cancelled || !agent || !number) return recipient;
      if (state.calls.running() >= MAX_CONCURRENT_CALLS) return recipient;
      const handling = callHandlingOf(agent, objectAt(recipient.client_data, 'dynamic_variables') ?? {});
      const started = state.calls.startCall({
        ...outboundCallProfile(agent, recipient.client_data),
        direction: 'outbound',
        phoneNumber: { phoneNumberId: number.phone_number_id, phoneNumber: number.phone_number },
        externalNumber: recipient.phone_number,
        dynamicVariables: objectAt(recipient.client_data, 'dynamic_variables') ?? {},
        outcome: outcomeWithHandling(recipient.phone_number, handling),
        answer: answerScenario(recipient.phone_number),
        handling,
        userId: typeof recipient.client_data.user_id === 'string' ? recipient.client_data.user_id : null,
        batchCall: { batch_call_id: batch.id, batch_call_recipient_id: recipient.id },
      });
      return { ...recipient, conversation_id: started.conversationId, updated_at_unix: now };
    });
    state.batches.put(batch.id, { ...batch, recipients, last_updated_at_unix: now });
  }
}

export const batchCallingRoutes: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  { method: 'post', path: '/v1/convai/batch-calling/submit', handle: submit },
  { method: 'get', path: '/v1/convai/batch-calling/workspace', handle: listBatches },
  { method: 'get', path: '/v1/convai/batch-calling/:batchId', handle: getBatch },
  { method: 'post', path: '/v1/convai/batch-calling/:batchId/cancel', handle: cancel },
  { method: 'post', path: '/v1/convai/batch-calling/:batchId/retry', handle: retry },
];
