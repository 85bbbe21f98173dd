import type { ErrorCode } from './error-codes';

/** The error catalogue of spec 000 §8: the message and title the client shows for each HTTP status. */
export interface CatalogueEntry {
  status: number;
  title: string;
  message: string;
  retryable: boolean;
}

const CATALOGUE: Record<number, Omit<CatalogueEntry, 'status'>> = {
  400: { title: 'Invalid Input', message: 'Please check your input and try again.', retryable: false },
  401: { title: 'Authentication Required', message: 'Please sign in to continue.', retryable: false },
  402: {
    title: 'Payment Required',
    message: 'Please update your payment method to continue using the service.',
    retryable: false,
  },
  403: { title: 'Access Denied', message: "You don't have permission to perform this action.", retryable: false },
  404: { title: 'Not Found', message: 'The requested item could not be found.', retryable: false },
  429: {
    title: 'Too Many Requests',
    message: 'Too many requests. Please wait a moment and try again.',
    retryable: true,
  },
};

const SERVER_ERROR = {
  title: 'Server Error',
  message: 'Server is temporarily unavailable. Please try again in a few moments.',
  retryable: true,
};

const UNEXPECTED = { title: 'Error', message: 'An unexpected error occurred. Please try again.' };

export function catalogueEntry(status: number): CatalogueEntry {
  const known = CATALOGUE[status];
  if (known) return { status, ...known };
  if (status >= 500 && status <= 504) return { status, ...SERVER_ERROR };
  return { status, ...UNEXPECTED, retryable: status >= 500 };
}

/**
 * Every error code's standard message: what happened, and what the reader can do. A thrower may give a message of its
 * own with details (a count, a name); clients switch on the code, never on the text.
 */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: catalogueEntry(400).message,
  AUTH_REQUIRED: catalogueEntry(401).message,
  AUTH_INVALID_CREDENTIALS: 'Invalid credentials',
  AUTH_TOKEN_INVALID: 'Authentication expired. Please log in again.',
  AUTH_REFRESH_REUSED:
    'This session was ended for safety because its refresh token was used twice. Please log in again.',
  AUTH_LINK_INVALID: 'This link is invalid or has expired.',
  AUTH_EMAIL_TAKEN: 'An account with this email already exists.',
  AUTH_THROTTLED: catalogueEntry(429).message,
  INVITATION_INVALID: 'This invitation is no longer valid.',
  API_KEY_INVALID: 'This API key is invalid, inactive or expired.',
  API_KEY_THROTTLED: 'Too many requests with this API key. Please wait a moment and try again.',
  EVENT_STREAMS_LIMIT_REACHED: 'Too many live event streams are open for you. Close a window or tab and try again.',
  FORBIDDEN: catalogueEntry(403).message,
  NOT_FOUND: catalogueEntry(404).message,
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  CONFLICT: 'This conflicts with the current state. Refresh and try again.',
  PAYMENT_REQUIRED: catalogueEntry(402).message,
  PAYMENT_DECLINED: 'Your card was declined.',
  PAYMENT_METHOD_REQUIRED: 'Please add a payment method to activate your account.',
  PLAN_LIMIT_REACHED: 'Your plan does not allow this. Upgrade your plan to continue.',
  AGENT_LOCKED: 'This agent is locked and cannot be changed.',
  OUTBOUND_NOT_ENABLED: 'Outbound calling is not enabled for your account: your plan includes inbound calls only.',
  PLAN_ID_TAKEN: 'A plan with this ID already exists.',
  PLAN_PRICE_CHANGED: "The plan's price has changed. Refresh and try again.",
  PLAN_PRICE_MISSING: 'This plan has no price for that billing interval.',
  PLAN_NOT_SET_UP: 'This plan is not fully set up with the payment provider.',
  PLAN_CURRENCY_MISMATCH: "This plan is billed in another currency. Choose a plan in your account's currency.",
  PLAN_ALREADY_SYNCED: 'This plan is already synced with the payment provider.',
  SUBSCRIPTION_NOT_ACTIVE: 'There is no active subscription to cancel.',
  SUBSCRIPTION_ENDED: 'This subscription has ended. Choose a plan to start a new one.',
  TEAM_CANNOT_REMOVE_SELF: 'You cannot remove yourself.',
  TEAM_CANNOT_CHANGE_OWN_ROLE: 'You cannot change your own role.',
  TEAM_OWNER_NOT_REMOVABLE: 'Cannot remove the tenant owner.',
  TEAM_OWNER_ROLE_FIXED: 'Cannot change the role of the tenant owner.',
  INVITEE_ALREADY_MEMBER: 'This address is already a member of your team.',
  AGENT_INACTIVE: 'Activate this agent before calling it.',
  AGENT_HAS_NO_NUMBER: 'Assign a phone number to this agent before calling it.',
  AGENT_BEING_DELETED: 'This agent is already being deleted.',
  AGENT_SERVES_ANOTHER_CAMPAIGN: 'This agent already serves another campaign.',
  NUMBER_ALREADY_OWNED: 'You already own this phone number.',
  NUMBER_UNAVAILABLE: 'This phone number is no longer available.',
  NUMBER_INACTIVE: 'The selected phone number is not active.',
  NUMBER_BEING_ASSIGNED: 'This phone number is being given to another agent. Try again in a minute.',
  NUMBER_ASSIGNMENT_RACED: 'This agent was given another phone number at the same time. Try again.',
  NUMBER_HAS_NO_AGENT: 'No agent answers this phone number.',
  CAMPAIGN_HAS_AGENT: 'This campaign already has an agent.',
  CAMPAIGN_NOT_OUTBOUND: 'This campaign is not configured for outbound calling.',
  CAMPAIGN_PAUSED: 'The campaign is paused.',
  CAMPAIGN_CANNOT_DIAL: 'The campaign cannot place calls until its agent and phone number are ready.',
  CONTACT_BEING_CALLED: 'This contact is being called right now; try again when the call has ended.',
  CONTACT_NUMBER_IN_CAMPAIGN: 'This number is already in the campaign.',
  CONTACTS_NONE_TO_EXPORT: 'No contacts to export',
  CONTACT_SYNC_KEY_REUSED: 'This Idempotency-Key was used for a sync of another campaign.',
  CONTACT_SYNC_RACED: 'Another change to these contacts was saved at the same moment; sync again.',
  DO_NOT_CALL_ALREADY_LISTED: 'This number is already on the do-not-call list.',
  API_KEY_CANNOT_CREATE_KEYS: 'API keys are created by a signed-in admin, not by a key.',
  API_KEY_CANNOT_REACTIVATE: 'A revoked API key is reactivated by a signed-in admin, not by a key.',
  API_KEY_ROLE_EXCEEDED: 'An API key cannot grant a role that reaches more than the key itself.',
  API_KEY_CANNOT_ACT_ON_ADMIN: 'An API key cannot act on an admin; a signed-in admin can.',
  API_KEY_NOT_PERMITTED: 'This API key does not allow this request.',
  PROVIDER_INTENT_PENDING: 'This is taking too long and will be completed or undone shortly. Refresh in a minute.',
  PAYLOAD_TOO_LARGE: 'Request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This file type is not allowed.',
  PROVIDER_UNAVAILABLE: 'A provider is unavailable; please try again later.',
  PROVIDER_TIMEOUT: 'A provider did not answer in time; please try again.',
  PROVIDER_BUSY: 'A provider is busy; please try again shortly.',
  PROVIDER_REJECTED: 'A provider rejected the request.',
  PROVIDER_NOT_FOUND: 'The provider could not find that item.',
  PROVIDER_CONFLICT: 'The provider reports a conflict.',
  WEBHOOK_SIGNATURE_INVALID: 'Invalid webhook signature.',
  WEBHOOK_ENDPOINT_DISABLED: 'This webhook endpoint is disabled. Enable it first.',
  WEBHOOK_DELIVERY_PENDING: 'This delivery is still being attempted.',
  CALLBACK_NOT_OPEN: 'This callback has already been taken, done or cancelled.',
  CALLBACK_ADMINS_ONLY: 'Only an admin (or the callback’s assignee, to mark it done) may do this.',
  INTERNAL: catalogueEntry(500).message,
};
