/** Where Contact Support mail drafts go. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@parley.example';

/** Ordinary API calls give up after this long; the connectivity check has its own 5 s limit. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Query freshness of spec 000 §9, in seconds. */
export const QUERY_FRESHNESS_SEC = 5 * 60;
