import { catalogueEntry } from '../api/error-catalogue';
import { ERROR_CODES, type ErrorCode } from '../api/error-codes';

/** What kind of failure an error is, as far as the person using the product is concerned. */
export type ErrorKind = 'http' | 'network' | 'timeout' | 'auth' | 'rate-limit' | 'unknown';

/** Toast styles of spec 000 §8: network, time-out and rate-limit errors are calm; the rest destructive. */
export type ErrorVariant = 'default' | 'destructive';

export interface ClassifiedError {
  kind: ErrorKind;
  /** The HTTP status when there was a response (also when it came from a 'status: body' message). */
  status: number | null;
  /** Title and message from the error catalogue (spec 000 §8). */
  title: string;
  message: string;
  /** The server's own `message`, when its body carried one. */
  serverMessage: string | null;
  /** The server's error code, when its body carried a known one: what to switch on, never the message. */
  code: ErrorCode | null;
  /** Per-field messages from a validation error body. */
  fields: Record<string, string> | null;
  retryable: boolean;
  variant: ErrorVariant;
  /** 'login' when the error means the person must sign in again. */
  action: 'login' | null;
  requiresPayment: boolean;
  billingStatus: string | null;
}

export const NETWORK_ERROR = {
  title: 'Connection Error',
  message: 'Network connection issue. Please check your internet connection.',
};
export const TIMEOUT_ERROR = { title: 'Request Timeout', message: 'Request timed out. Please try again.' };
export const SESSION_EXPIRED_MESSAGE = 'Authentication expired. Please log in again.';

const NETWORK_TEXT =
  /network|failed to fetch|fetch failed|load failed|connection (refused|reset|lost|closed|error)|econnrefused|econnreset|enotfound|offline/i;
const TIMEOUT_TEXT = /time[d\s-]?out|timed out|abort/i;
const AUTH_TEXT =
  /unauthori[sz]ed|unauthenticated|not authenticated|authentication|log ?in again|sign ?in again|jwt|token (has )?(expired|invalid)/i;
const RATE_LIMIT_TEXT = /backing off|rate.?limit|too many requests/i;
const STATUS_PREFIX = /^\s*(\d{3})\s*:\s*([\s\S]*)$/;

/** The text a failed response is thrown as (spec 000 §8): 'status: body text'. */
export function httpErrorText(status: number, bodyText: string): string {
  return `${status}: ${bodyText}`;
}

/** Classifies anything thrown or returned by a request into the catalogue's title, message, style and retry rule. */
export function classifyError(error: unknown): ClassifiedError {
  if (typeof error === 'string') return fromText(error);
  if (!error || typeof error !== 'object') return fromText('');

  const record = error as Record<string, unknown>;
  const status = record.status;

  if (typeof status === 'number') return fromStatus(status, record.data);
  if (status === 'FETCH_ERROR') return network();
  if (status === 'TIMEOUT_ERROR') return timeout();
  if (status === 'PARSING_ERROR' && typeof record.originalStatus === 'number') {
    return fromStatus(record.originalStatus, record.data);
  }
  if (typeof record.originalStatus === 'number') return fromStatus(record.originalStatus, record.data);

  if (record.name === 'AbortError' || record.name === 'TimeoutError') return timeout();
  const text = [record.error, record.message].find((value): value is string => typeof value === 'string') ?? '';
  return fromText(text);
}

function fromText(text: string): ClassifiedError {
  const prefixed = STATUS_PREFIX.exec(text);
  if (prefixed?.[1]) return fromStatus(Number(prefixed[1]), parseBody(prefixed[2] ?? ''));
  if (NETWORK_TEXT.test(text)) return network();
  if (TIMEOUT_TEXT.test(text)) return timeout();
  if (AUTH_TEXT.test(text)) return { ...fromStatus(401, null), status: null, kind: 'auth' };
  if (RATE_LIMIT_TEXT.test(text)) return { ...fromStatus(429, null), status: null, kind: 'rate-limit' };
  const entry = catalogueEntry(0);
  return {
    ...base(),
    kind: 'unknown',
    title: entry.title,
    message: entry.message,
    serverMessage: text.trim() || null,
  };
}

function fromStatus(status: number, data: unknown): ClassifiedError {
  const entry = catalogueEntry(status);
  const body = typeof data === 'string' ? parseBody(data) : data;
  const bodyRecord = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  const serverMessage =
    typeof bodyRecord?.message === 'string' && bodyRecord.message.trim()
      ? bodyRecord.message.trim()
      : typeof body === 'string' && body.trim() && !body.trim().startsWith('<')
        ? body.trim()
        : null;
  const fields = bodyRecord?.fields && typeof bodyRecord.fields === 'object' ? readFields(bodyRecord.fields) : null;
  const kind: ErrorKind = status === 401 ? 'auth' : status === 429 ? 'rate-limit' : 'http';
  return {
    kind,
    status,
    title: entry.title,
    message: entry.message,
    serverMessage,
    code: readCode(bodyRecord?.code),
    fields,
    retryable: entry.retryable,
    variant: kind === 'rate-limit' ? 'default' : 'destructive',
    action: status === 401 ? 'login' : null,
    requiresPayment: status === 402 && bodyRecord?.requiresPayment === true,
    billingStatus: typeof bodyRecord?.billingStatus === 'string' ? bodyRecord.billingStatus : null,
  };
}

function network(): ClassifiedError {
  return { ...base(), kind: 'network', ...NETWORK_ERROR, retryable: true, variant: 'default' };
}

function timeout(): ClassifiedError {
  return { ...base(), kind: 'timeout', ...TIMEOUT_ERROR, retryable: true, variant: 'default' };
}

function base(): ClassifiedError {
  return {
    kind: 'unknown',
    status: null,
    title: 'Error',
    message: '',
    serverMessage: null,
    code: null,
    fields: null,
    retryable: false,
    variant: 'destructive',
    action: null,
    requiresPayment: false,
    billingStatus: null,
  };
}

function parseBody(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return trimmed;
    }
  }
  return trimmed;
}

function readCode(value: unknown): ErrorCode | null {
  return (ERROR_CODES as readonly unknown[]).includes(value) ? (value as ErrorCode) : null;
}

function readFields(value: object): Record<string, string> | null {
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : null;
}
