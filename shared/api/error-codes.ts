/** The codes a provider adapter (voice, telephony, payments) fails with. */
export const PROVIDER_ERROR_CODES = [
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_TIMEOUT',
  'PROVIDER_BUSY',
  'PROVIDER_REJECTED',
  'PROVIDER_NOT_FOUND',
  'PROVIDER_CONFLICT',
] as const;

/** Domain error codes: the service owns the code, the HTTP layer maps it to a status. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'AUTH_REQUIRED',
  'AUTH_INVALID_CREDENTIALS',
  'AUTH_TOKEN_INVALID',
  'AUTH_REFRESH_REUSED',
  'AUTH_LINK_INVALID',
  'AUTH_EMAIL_TAKEN',
  'AUTH_THROTTLED',
  'INVITATION_INVALID',
  'API_KEY_INVALID',
  'API_KEY_THROTTLED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYMENT_REQUIRED',
  'PAYMENT_DECLINED',
  'PAYMENT_METHOD_REQUIRED',
  'PLAN_LIMIT_REACHED',
  'AGENT_LOCKED',
  'OUTBOUND_NOT_ENABLED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  ...PROVIDER_ERROR_CODES,
  'WEBHOOK_SIGNATURE_INVALID',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

/** The JSON body of every error response. */
export interface ApiErrorBody {
  message: string;
  code?: ErrorCode;
  /** Per-field messages keyed by the field's path, for forms to show beside their inputs. */
  fields?: Record<string, string>;
  requiresPayment?: boolean;
  billingStatus?: string;
}
