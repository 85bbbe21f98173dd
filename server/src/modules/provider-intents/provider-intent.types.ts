import type { TransferTarget } from '@shared/domain/transfer-target';
import type { Knex } from 'knex';
import type { KnowledgeSource } from '@shared/api/agents.types';
import type { VoiceKnowledgeRef } from '../../providers/voice/voice.types';

/** The number an agent is created on: ours, its twin at the voice provider, and who answered it before. */
export interface IntendedNumber {
  id: string;
  /** E.164; finds the imported number at the voice provider again. */
  phoneNumber: string;
  /** Null for a number never imported: it has no provider side to change. */
  providerPhoneId: string | null;
  /** The provider agent that answered the number before, to give it back if the creation is undone. */
  previousAgentId: string | null;
}

/**
 * Every kind of provider side effect we record before making it:
 * - input: what the request asked for, enough to write our rows later;
 * - refs: the providers' ids, recorded as each call returns;
 * - recorded: what our own tables say (asked of the module that owns them);
 * - seen: what the providers say, found by the intent's marker (the phone number, the agent's tag);
 * - finish: what our rows need from the providers to be written.
 */
export interface IntentKinds {
  'phone-number.purchase': {
    input: { phoneNumber: string; label: string; country: string | null };
    refs: { twilioSid?: string; voicePhoneNumberId?: string };
    /** Whose row holds the number: this intent's, another one's, or nobody's. */
    recorded: 'this' | 'other' | null;
    seen: { owned: { sid: string } | null; imported: { phoneNumberId: string } | null };
    finish: { twilioSid: string; voicePhoneNumberId: string };
  };
  'agent.create': {
    input: {
      name: string;
      purpose: string;
      greeting: string;
      closing: string;
      /** Absent in intents begun before agents had one. */
      disclosure?: string | null;
      prompt: string | null;
      /** Absent in intents begun before the agents had limits: the columns' defaults then apply. */
      silenceTimeoutSeconds?: number;
      maxCallSeconds?: number;
      endCallOnHoldMusic?: boolean;
      knowledge: KnowledgeSource | null;
      voiceId: string | null;
      campaignId: string | null;
      number: IntendedNumber | null;
      /** Absent in intents recorded before agents had transfer targets. */
      transferTargets?: TransferTarget[];
    };
    refs: { knowledgeRefs?: VoiceKnowledgeRef[]; providerAgentId?: string; numberAssigned?: boolean };
    /** Whether the agent's row exists. */
    recorded: boolean;
    /** The provider agents tagged with our agent's id, and which provider agent answers the intended number. */
    seen: { providerAgentIds: string[]; numberAnsweredBy: string | null };
    finish: { providerAgentId: string; knowledgeRefs: VoiceKnowledgeRef[] };
  };
  'agent.delete': {
    input: { providerAgentId: string };
    refs: { providerAgentDeleted?: boolean };
    /** Whether the agent's row still exists. */
    recorded: boolean;
    seen: { providerAgentExists: boolean };
    finish: Record<string, never>;
  };
}

export type IntentKind = keyof IntentKinds;

export const INTENT_KINDS = [
  'phone-number.purchase',
  'agent.create',
  'agent.delete',
] as const satisfies readonly IntentKind[];

export type IntentState = 'open' | 'done' | 'undone';

export interface ProviderIntent<K extends IntentKind = IntentKind> {
  id: string;
  tenantId: string;
  kind: K;
  /** Our row the intent makes or removes. */
  subjectId: string;
  /** The marker that finds the thing at the provider again, and keeps two open intents off the same thing. */
  subjectKey: string;
  state: IntentState;
  input: IntentKinds[K]['input'];
  refs: IntentKinds[K]['refs'];
  /** Proves who holds the intent: writes to it count only with the token of the current lease. */
  leaseToken: string;
  attempts: number;
  createdAt: string;
}

/** Any intent, narrowed by its kind. */
export type AnyIntent = { [K in IntentKind]: ProviderIntent<K> }[IntentKind];

export type IntentObservation<K extends IntentKind> = { recorded: IntentKinds[K]['recorded'] } & IntentKinds[K]['seen'];

/** Writes our rows in the transaction that closes the intent. */
export type IntentWrite = (trx: Knex.Transaction) => Promise<void>;

/**
 * What the module owning the intent's rows contributes to the reconciler: whether they exist, and writing them
 * (with the same code the request writes them with, so an intent is completed one way only).
 */
export interface IntentHandler<K extends IntentKind> {
  recorded(intent: ProviderIntent<K>): Promise<IntentKinds[K]['recorded']>;
  /**
   * Reads what the rows need, then returns their write; the write throws a DomainError when a rule refuses the
   * rows now (the plan's limit was reached meanwhile), and the intent is then undone.
   */
  finish(intent: ProviderIntent<K>, refs: IntentKinds[K]['finish']): Promise<IntentWrite>;
}

export type IntentHandlers = { [K in IntentKind]: IntentHandler<K> };

/** The tag on a voice-provider agent that finds it again from our agent's id (the provider takes no idempotency key). */
export function agentMarkerTag(agentId: string): string {
  return `agent:${agentId}`;
}
