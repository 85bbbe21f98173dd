import type { ErrorCode } from '@shared/api/error-codes';

/** A domain error that services throw; the error middleware maps it to its status and body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fields: Record<string, string> = {}) {
    super(400, 'VALIDATION_FAILED', message, Object.keys(fields).length ? { fields } : {});
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.', code: ErrorCode = 'AUTH_REQUIRED') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "You don't have permission to perform this action.") {
    super(403, 'FORBIDDEN', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'The requested item could not be found.') {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'CONFLICT') {
    super(409, code, message);
  }
}

export class PaymentRequiredError extends AppError {
  constructor(billingStatus: string, message = 'Please update your payment method to continue using the service.') {
    super(402, 'PAYMENT_REQUIRED', message, { requiresPayment: true, billingStatus });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSec: number) {
    super(429, 'AUTH_THROTTLED', 'Too many requests. Please wait a moment and try again.', { retryAfterSec });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}

/** A provider (voice, telephony, payments) refused or failed; the message is safe to show. */
export class ProviderError extends AppError {
  constructor(message: string, status = 502) {
    super(status, 'PROVIDER_ERROR', message);
  }
}

/** A webhook whose signature is missing, stale or wrong: refused without touching anything. */
export class WebhookSignatureError extends AppError {
  constructor(message: string) {
    super(401, 'WEBHOOK_SIGNATURE_INVALID', message);
  }
}
