/**
 * Which voice-provider agent answers which number: the provider steps an agent's change needs (create, edit,
 * deactivate), each with the step that undoes it, in the order they must run. Pure, so every case is testable
 * without a provider.
 */

/** A number as the voice provider knows it. */
export interface ProviderNumber {
  /** Our phone number id. */
  id: string;
  /** The provider's id of the imported number; a number never imported has no provider side to change. */
  providerPhoneId: string | null;
}

export interface AssignmentChange {
  /** The agent's number before the change, and after it (the same number when it stays). */
  current: ProviderNumber | null;
  next: ProviderNumber | null;
  /** Whether the agent answers calls before and after the change; an inactive agent keeps its number unanswered. */
  wasActive: boolean;
  active: boolean;
  /** The agent's provider id before the change and after it; null while it has no twin at the provider. */
  previousProviderAgentId: string | null;
  providerAgentId: string | null;
  /** The provider agent that answers `next` before the change, when `next` is another agent's number. */
  nextHolderProviderAgentId: string | null;
}

export interface ProviderAssignmentStep {
  numberId: string;
  providerPhoneId: string;
  /** The provider agent that answers the number after this step, or null for none. */
  assign: string | null;
  /** What the number answered before, to give it back if a later step fails. */
  restore: string | null;
}

export function planProviderAssignment(change: AssignmentChange): ProviderAssignmentStep[] {
  const { current, next, wasActive, active } = change;
  const numberChanged = (current?.id ?? null) !== (next?.id ?? null);
  // An agent whose provider twin was made anew must be put on its number again.
  const agentRemade = change.previousProviderAgentId !== change.providerAgentId;
  const steps: ProviderAssignmentStep[] = [];

  // The number the agent gives up, or stops answering; it answered only while the agent was active.
  if (current?.providerPhoneId && (numberChanged ? wasActive : wasActive && !active)) {
    steps.push({
      numberId: current.id,
      providerPhoneId: current.providerPhoneId,
      assign: null,
      restore: change.previousProviderAgentId,
    });
  }
  // The number the agent takes, or starts answering again.
  if (next?.providerPhoneId && (numberChanged || (active && (!wasActive || agentRemade)))) {
    steps.push({
      numberId: next.id,
      providerPhoneId: next.providerPhoneId,
      assign: active ? change.providerAgentId : null,
      restore: numberChanged ? change.nextHolderProviderAgentId : wasActive ? change.previousProviderAgentId : null,
    });
  }
  return steps;
}
