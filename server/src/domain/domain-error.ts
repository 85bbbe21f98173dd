import { ERROR_MESSAGES } from '@shared/api/error-catalogue';
import { PROVIDER_ERROR_CODES, type ErrorCode, type ProviderErrorCode } from '@shared/api/error-codes';

export interface DomainErrorDetails {
  /** Per-field messages for a form, keyed by the field's path. */
  fields?: Record<string, string>;
  /** How long a throttled caller should wait. */
  retryAfterSec?: number;
  /** The tenant's billing status, for PAYMENT_REQUIRED. */
  billingStatus?: string;
}

/**
 * What services, providers and emulators throw when a rule refuses a request. It carries a code and a message
 * safe to show; the HTTP layer alone decides the status (http/error-status.ts).
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: DomainErrorDetails;
  /** False when the thrower gave no message and the code's standard message applies. */
  readonly hasOwnMessage: boolean;

  constructor(code: ErrorCode, message?: string, details: DomainErrorDetails = {}) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
    this.hasOwnMessage = message !== undefined;
  }
}

/** A field-level validation failure: the message, and the same message on the field a form shows it beside. */
export function invalidField(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_FAILED', message, { fields: { [field]: message } });
}

export function isProviderError(error: unknown): error is DomainError & { code: ProviderErrorCode } {
  return error instanceof DomainError && (PROVIDER_ERROR_CODES as readonly ErrorCode[]).includes(error.code);
}
