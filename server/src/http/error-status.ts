import { catalogueEntry } from '@shared/api/error-catalogue';
import type { ErrorCode } from '@shared/api/error-codes';

interface ErrorResponse {
  status: number;
  /** Shown when the thrower gave no message of its own. */
  message: string;
}

const standard = (status: number): ErrorResponse => ({ status, message: catalogueEntry(status).message });

/** Every domain error code's HTTP status and standard message; a code missing here does not compile. */
export const ERROR_RESPONSES: Record<ErrorCode, ErrorResponse> = {
  VALIDATION_FAILED: standard(400),
  AUTH_REQUIRED: standard(401),
  AUTH_INVALID_CREDENTIALS: { status: 401, message: 'Invalid credentials' },
  AUTH_TOKEN_INVALID: { status: 401, message: 'Authentication expired. Please log in again.' },
  AUTH_REFRESH_REUSED: { status: 401, message: 'Authentication expired. Please log in again.' },
  AUTH_LINK_INVALID: { status: 400, message: 'This link is invalid or has expired.' },
  AUTH_EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists.' },
  AUTH_THROTTLED: standard(429),
  INVITATION_INVALID: { status: 410, message: 'This invitation is no longer valid.' },
  API_KEY_INVALID: { status: 401, message: 'This API key is invalid, inactive or expired.' },
  API_KEY_THROTTLED: standard(429),
  FORBIDDEN: standard(403),
  NOT_FOUND: standard(404),
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state. Refresh and try again.' },
  PAYMENT_REQUIRED: standard(402),
  // Not 402: that status opens the Payment Required dialog; a declined card is shown where it was entered.
  PAYMENT_DECLINED: { status: 422, message: 'Your card was declined.' },
  PAYMENT_METHOD_REQUIRED: { status: 400, message: 'Please add a payment method to activate your account.' },
  PLAN_LIMIT_REACHED: { status: 403, message: 'Your plan does not allow this. Upgrade your plan to continue.' },
  AGENT_LOCKED: { status: 403, message: 'This agent is locked and cannot be changed.' },
  OUTBOUND_NOT_ENABLED: {
    status: 403,
    message: 'Outbound calling is not enabled for your account: your plan includes inbound calls only.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not allowed.' },
  PROVIDER_UNAVAILABLE: { status: 502, message: 'A provider is unavailable; please try again later.' },
  PROVIDER_TIMEOUT: { status: 504, message: 'A provider did not answer in time; please try again.' },
  PROVIDER_BUSY: { status: 503, message: 'A provider is busy; please try again shortly.' },
  PROVIDER_REJECTED: { status: 422, message: 'A provider rejected the request.' },
  PROVIDER_NOT_FOUND: { status: 404, message: 'The provider could not find that item.' },
  PROVIDER_CONFLICT: { status: 409, message: 'The provider reports a conflict.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: 'Invalid webhook signature.' },
  INTERNAL: standard(500),
};
