import { classifyError } from '@shared/domain/error-classifier';

/** The server's message for a failed request, or the error catalogue's (spec 000 §8). */
export function failureMessage(error: unknown): string {
  const classified = classifyError(error);
  return classified.serverMessage ?? classified.message;
}

/** A time picked in the browser's datetime-local input: no zone, the viewer's own. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
