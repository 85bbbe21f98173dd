import type { PhoneNumber } from '@shared/api/phone-numbers.types';
import { formatPhoneNumber } from '@shared/domain/phone-format';

/**
 * Asks before a number is taken from another agent (spec 000 §2); false means the person cancelled.
 * A number that is free, or already this agent's, needs no question.
 */
export function confirmNumberMove(
  phoneNumbers: PhoneNumber[],
  phoneNumberId: string | null | undefined,
  agentId?: string,
) {
  const number = phoneNumbers.find((candidate) => candidate.id === phoneNumberId);
  const owner = number?.assigned_agent;
  if (!number || !owner || owner.database_agent_id === agentId) return true;
  return window.confirm(
    `${formatPhoneNumber(number.phoneNumber)} is assigned to ${owner.agent_name}. Assigning it here will remove it from ${owner.agent_name}. Continue?`,
  );
}
