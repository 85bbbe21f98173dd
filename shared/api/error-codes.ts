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
  /** Kept for a clash no specific code names; each refusal a user can act on has its own code below. */
  'CONFLICT',
  'PAYMENT_REQUIRED',
  'PAYMENT_DECLINED',
  'PAYMENT_METHOD_REQUIRED',
  'PLAN_LIMIT_REACHED',
  'AGENT_LOCKED',
  'OUTBOUND_NOT_ENABLED',
  'PLAN_ID_TAKEN',
  'PLAN_PRICE_CHANGED',
  'PLAN_PRICE_MISSING',
  'PLAN_NOT_SET_UP',
  'PLAN_ALREADY_SYNCED',
  'SUBSCRIPTION_NOT_ACTIVE',
  'SUBSCRIPTION_ENDED',
  'TEAM_CANNOT_REMOVE_SELF',
  'TEAM_CANNOT_CHANGE_OWN_ROLE',
  'TEAM_OWNER_NOT_REMOVABLE',
  'TEAM_OWNER_ROLE_FIXED',
  'INVITEE_ALREADY_MEMBER',
  'INVITEE_HAS_ACCOUNT',
  'AGENT_INACTIVE',
  'AGENT_HAS_NO_NUMBER',
  'AGENT_BEING_DELETED',
  'AGENT_SERVES_ANOTHER_CAMPAIGN',
  'NUMBER_ALREADY_OWNED',
  'NUMBER_UNAVAILABLE',
  'NUMBER_INACTIVE',
  'NUMBER_BEING_ASSIGNED',
  'NUMBER_ASSIGNMENT_RACED',
  'NUMBER_HAS_NO_AGENT',
  'CAMPAIGN_HAS_AGENT',
  'CAMPAIGN_NOT_OUTBOUND',
  'CAMPAIGN_PAUSED',
  'CAMPAIGN_CANNOT_DIAL',
  'CONTACT_BEING_CALLED',
  'CONTACT_NUMBER_IN_CAMPAIGN',
  'CONTACTS_NONE_TO_EXPORT',
  'CONTACT_SYNC_KEY_REUSED',
  'CONTACT_SYNC_RACED',
  'DO_NOT_CALL_ALREADY_LISTED',
  'API_KEY_SCOPE_EXCEEDED',
  'API_KEY_PERMISSION_EXCEEDED',
  'API_KEY_NOT_PERMITTED',
  'PROVIDER_INTENT_PENDING',
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
