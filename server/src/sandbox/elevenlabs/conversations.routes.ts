import type { Context } from 'koa';
import type { WireConversation } from '../call.simulator';
import type { EmulatorRoute } from '../emulator-route';
import { CONVERSATION_AUDIO_TYPE, conversationAudio } from './conversation-audio';
import { requestedPage } from './cursor-page';
import { detailError, notFound, queryValue } from './elevenlabs.http';
import type { ElevenLabsState } from './elevenlabs.state';

/** Conversations of simulated calls: `/v1/convai/conversations`. */

function conversationSummary(conversation: WireConversation) {
  return {
    agent_id: conversation.agent_id,
    agent_name: conversation.agent_name,
    conversation_id: conversation.conversation_id,
    start_time_unix_secs: conversation.metadata.start_time_unix_secs,
    call_duration_secs: conversation.metadata.call_duration_secs,
    message_count: conversation.transcript.length,
    status: conversation.status,
    call_successful: conversation.analysis?.call_successful ?? 'unknown',
    transcript_summary: conversation.analysis?.transcript_summary ?? null,
    call_summary_title: conversation.analysis?.call_summary_title ?? null,
    direction: conversation.metadata.phone_call?.direction ?? null,
    termination_reason: conversation.metadata.termination_reason,
  };
}

function listConversations(ctx: Context, state: ElevenLabsState): void {
  const agentId = queryValue(ctx, 'agent_id');
  const after = Number(queryValue(ctx, 'call_start_after_unix') ?? Number.NEGATIVE_INFINITY);
  const before = Number(queryValue(ctx, 'call_start_before_unix') ?? Number.POSITIVE_INFINITY);
  const successful = queryValue(ctx, 'call_successful');
  const userId = queryValue(ctx, 'user_id');
  const matching = state.calls
    .list({ agentId })
    .filter(
      (conversation) =>
        (!userId || conversation.user_id === userId) &&
        conversation.metadata.start_time_unix_secs > after &&
        conversation.metadata.start_time_unix_secs < before &&
        (!successful || (conversation.analysis?.call_successful ?? 'unknown') === successful),
    );
  const result = requestedPage(ctx, matching, (conversation) => [
    conversation.metadata.start_time_unix_secs,
    conversation.conversation_id,
  ]);
  if (!result) return;
  ctx.body = {
    conversations: result.items.map(conversationSummary),
    next_cursor: result.next_cursor,
    has_more: result.has_more,
  };
}

function getConversation(ctx: Context, state: ElevenLabsState): void {
  const conversation = state.calls.get(ctx.params.conversationId ?? '');
  if (!conversation) return notFound.conversation(ctx);
  ctx.body = conversation;
}

/** A connected call's recording (audio/mpeg, as the vendor sends it); none for a call that never connected. */
function getAudio(ctx: Context, state: ElevenLabsState): void {
  const conversation = state.calls.get(ctx.params.conversationId ?? '');
  if (!conversation) return notFound.conversation(ctx);
  if (!conversation.has_audio) return detailError(ctx, 404, 'audio_not_found', 'This conversation has no audio.');
  ctx.type = CONVERSATION_AUDIO_TYPE;
  ctx.body = conversationAudio();
}

function deleteConversation(ctx: Context, state: ElevenLabsState): void {
  if (!state.calls.delete(ctx.params.conversationId ?? '')) return notFound.conversation(ctx);
  ctx.body = {};
}

export const conversationRoutes: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  { method: 'get', path: '/v1/convai/conversations', handle: listConversations },
  { method: 'get', path: '/v1/convai/conversations/:conversationId', handle: getConversation },
  { method: 'get', path: '/v1/convai/conversations/:conversationId/audio', handle: getAudio },
  { method: 'delete', path: '/v1/convai/conversations/:conversationId', handle: deleteConversation },
];
