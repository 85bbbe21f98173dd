import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { PhoneNumber } from '@shared/api/phone-numbers.types';
import { classifyError } from '@shared/domain/error-classifier';
import { formatPhoneNumber } from '@shared/domain/format';

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

/**
 * Puts the server's per-field messages beside the inputs they belong to; gives the message to show for the
 * request as a whole, or null when the failure needs no words here (a 402 opens its own dialog).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
): { message: string } | null {
  const classified = classifyError(error);
  if (classified.requiresPayment) return null;
  for (const [field, message] of Object.entries(classified.fields ?? {})) {
    const known = fields.find((candidate) => candidate === field);
    if (known) setError(known, { type: 'server', message });
  }
  return {
    message:
      classified.serverMessage ?? (classified.kind === 'unknown' ? 'Unknown error occurred' : classified.message),
  };
}
