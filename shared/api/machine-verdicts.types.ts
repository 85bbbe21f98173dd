import type { MachineOutcome } from '../domain/call-outcomes';

/** What a machine verdict rests on, kept on the call (issue 23): the detection and the first seconds of transcript. */
export interface MachineEvidence {
  /** The answering-machine verdict as detected (Twilio's `AnsweredBy` words, or the voicemail tool's reason). */
  detection: string | null;
  /** The message the agent left, when it left one. */
  voicemailMessage: string | null;
  /** What was said in the call's first seconds (EVIDENCE_SECONDS), speaker by speaker. */
  transcriptStart: string;
}

/** One machine verdict of a campaign, for an admin to review. */
export interface MachineVerdict {
  callId: string;
  conversationId: string;
  customerPhoneNumber: string | null;
  startedAt: string;
  durationSec: number;
  outcome: MachineOutcome;
  evidence: MachineEvidence;
  /** When an admin marked the verdict wrong; null while it stands. */
  markedWrongAt: string | null;
}

export interface MachineVerdictsResponse {
  verdicts: MachineVerdict[];
  /** Machine verdicts of the campaign in all, and how many of them were marked wrong. */
  total: number;
  markedWrong: number;
}

export interface MachineVerdictResponse {
  verdict: MachineVerdict;
}
