/**
 * A history call's conversation, twice from one description: as the voice provider keeps it (the emulator's wire
 * shape, with the voicemail and transfer tools' results in its transcript, stored at the sandbox so its recording
 * plays and retention can delete it) and as our adapter reads it (cached on the call, as recording a call caches it).
 */
import type { VoiceConversation } from '../../providers/voice/voice.types';
import type { WireConversation } from '../../sandbox';
import { transferTool, voicemailToolResult, type ScriptTurn, type SimulatedOutcome } from '../../sandbox/call-script';
import { twilioSid } from '../../sandbox/vendor-ids';
import type { DemoCall, DemoOutcome } from './demo-history';
import { DEMO_FRONT_DESK } from './demo-history';

/** The clinic's line a call went through, at the voice provider. */
export interface DemoLine {
  vendorAgentId: string;
  agentName: string;
  phoneNumber: string;
  vendorPhoneNumberId: string;
}

/** What the vendor charges: 9.6 US cents a minute, in millionths of a dollar per second. */
const VENDOR_MICROS_PER_SECOND = 1600;
const CREDITS_PER_SECOND = 1000 / 60;

/** The phone call's own result, as the vendor reports it: a machine is `voicemail`, a transfer an answered call. */
const CALL_RESULT: Record<DemoOutcome, SimulatedOutcome> = {
  answered: 'answered',
  transferred: 'answered',
  transfer_missed: 'answered',
  voicemail: 'voicemail',
  voicemail_left: 'voicemail',
  machine_no_message: 'voicemail',
  screened: 'voicemail',
  fax: 'voicemail',
  busy: 'busy',
  no_answer: 'no_answer',
};

/** Why the call ended, in the vendor's words (as the emulator's simulated calls say them). */
const TERMINATION_REASON: Record<DemoOutcome, string> = {
  answered: 'Call ended by remote party',
  transferred: 'Call transferred',
  transfer_missed: 'Call ended by remote party',
  voicemail: 'voicemail_detected',
  voicemail_left: 'voicemail_detection tool was called.',
  machine_no_message: 'voicemail_detection tool was called.',
  screened: 'voicemail_detection tool was called.',
  fax: 'voicemail_detection tool was called.',
  busy: 'busy',
  no_answer: 'no-answer',
};

/** The transcript in the vendor's shape, the tools the agent called on the turns it called them. */
function wireTranscript(call: DemoCall, conversationId: string): ScriptTurn[] {
  const turns: ScriptTurn[] = call.transcript.map((turn) => ({
    role: turn.role,
    message: turn.message,
    time_in_call_secs: turn.timeInCallSecs,
  }));
  const { machine, transfer } = call;
  const last = turns[turns.length - 1];
  if (machine && last) {
    last.tool_results = [voicemailToolResult(conversationId, machine.voicemailMessage, machine.answeredBy)];
  }
  const transferTurn = transfer && turns.find((turn) => turn.time_in_call_secs === transfer.atSecs);
  if (transfer && transferTurn) {
    const tool = transferTool(
      {
        phoneNumber: DEMO_FRONT_DESK.phoneNumber,
        condition: DEMO_FRONT_DESK.condition,
        answered: transfer.answered,
        timeoutSecs: DEMO_FRONT_DESK.ringTimeoutSeconds,
        callbackAfterSecs: null,
      },
      conversationId,
      transfer.ringSecs,
    );
    transferTurn.tool_calls = [tool.call];
    transferTurn.tool_results = [tool.toolResult];
  }
  return turns;
}

export function demoConversation(
  call: DemoCall,
  conversationId: string,
  line: DemoLine,
): { wire: WireConversation; cached: VoiceConversation } {
  const connected = call.outcome !== 'busy' && call.outcome !== 'no_answer';
  const startSecs = Math.floor(call.startedAt.getTime() / 1000);
  const vendorMicros = call.durationSec * VENDOR_MICROS_PER_SECOND;
  const analysis =
    call.summary && call.callSuccessful
      ? { transcriptSummary: call.summary, callSuccessful: call.callSuccessful }
      : null;
  const wire: WireConversation = {
    agent_id: line.vendorAgentId,
    agent_name: line.agentName,
    conversation_id: conversationId,
    status: connected ? 'done' : 'failed',
    user_id: null,
    // A connected call has a recording (the emulator serves its generated audio); one that never connected has none.
    has_audio: connected,
    has_user_audio: connected,
    has_response_audio: connected,
    has_auxiliary_audio: false,
    transcript: wireTranscript(call, conversationId),
    metadata: {
      start_time_unix_secs: startSecs,
      ...(connected ? { accepted_time_unix_secs: startSecs } : {}),
      call_duration_secs: call.durationSec,
      cost: Math.round(call.durationSec * CREDITS_PER_SECOND),
      cost_fiat: vendorMicros / 1_000_000,
      termination_reason: TERMINATION_REASON[call.outcome],
      main_language: 'en',
      conversation_initiation_source: 'twilio',
      phone_call: {
        type: 'twilio',
        direction: call.direction,
        phone_number_id: line.vendorPhoneNumberId,
        agent_number: line.phoneNumber,
        external_number: call.customerPhoneNumber,
        call_result: CALL_RESULT[call.outcome],
        stream_sid: twilioSid('MZ'),
        call_sid: twilioSid('CA'),
      },
    },
    ...(analysis
      ? {
          analysis: {
            call_successful: analysis.callSuccessful,
            transcript_summary: analysis.transcriptSummary,
            call_summary_title: analysis.transcriptSummary.split(/[;.]/)[0] ?? '',
            evaluation_criteria_results: {},
            data_collection_results: {},
          },
        }
      : {}),
    conversation_initiation_client_data: {
      dynamic_variables: call.direction === 'outbound' ? { first_name: call.patient } : {},
    },
  };
  const cached: VoiceConversation = {
    conversationId,
    agentId: line.vendorAgentId,
    status: wire.status,
    startedAt: call.startedAt.toISOString(),
    durationSec: call.durationSec,
    vendorCost: { currency: 'usd', amountMicros: vendorMicros },
    direction: call.direction,
    agentPhoneNumber: line.phoneNumber,
    customerPhoneNumber: call.customerPhoneNumber,
    // The provider's verdict; a transfer's outcome is ours, judged from the transfer and the target's hours.
    outcome: call.transfer ? 'answered' : call.outcome,
    transcript: call.transcript,
    analysis,
    recordingUrl: null,
    hasRecording: connected,
    terminationReason: TERMINATION_REASON[call.outcome],
    userId: null,
    transfer: call.transfer ? { toNumber: DEMO_FRONT_DESK.phoneNumber, ...call.transfer } : null,
    machine: call.machine ? { ...call.machine, voicemailToolCalled: true } : null,
    requestedCallbackAt: null,
  };
  return { wire, cached };
}
