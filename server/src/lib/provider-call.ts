import type { Logger } from 'pino';
import { DomainError, isProviderError } from '../domain/domain-error';

/**
 * Runs one call to a provider (voice, telephony) and turns any failure into a provider error whose
 * message says what we were doing. Adapters already map vendor errors to clear messages; ours adds context.
 */
export async function callProvider<T>(logger: Logger, failure: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    // Adapters throw provider errors with a code of their choosing (not found, rejected, …); keep it, add context.
    if (isProviderError(error)) throw new DomainError(error.code, `${failure}: ${error.message}`);
    if (error instanceof DomainError) throw error;
    logger.warn({ err: error }, failure);
    const detail = error instanceof Error && error.message ? `: ${error.message.slice(0, 200)}` : '.';
    throw new DomainError('PROVIDER_UNAVAILABLE', `${failure}${detail}`);
  }
}

/** Best-effort undo of a provider side effect after a later step failed; logs instead of masking the first error. */
export async function compensate(logger: Logger, what: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    logger.error({ err: error }, `compensation failed: ${what}`);
  }
}

/** True when the provider says the thing is already gone, which a delete may treat as done. */
export function isProviderNotFound(error: unknown): boolean {
  return isProviderError(error) && error.code === 'PROVIDER_NOT_FOUND';
}

/**
 * Provider side effects done so far in one operation, undone in reverse order if a later step fails; our own
 * rows are written last, in one transaction, so the database never holds half an operation.
 */
export function createUndoLog(logger: Logger) {
  const steps: Array<{ what: string; undo: () => Promise<unknown> }> = [];
  return {
    add(what: string, undo: () => Promise<unknown>) {
      steps.push({ what, undo });
    },
    async rollback() {
      for (const step of steps.splice(0).reverse()) await compensate(logger, step.what, step.undo);
    },
  };
}

export type UndoLog = ReturnType<typeof createUndoLog>;
