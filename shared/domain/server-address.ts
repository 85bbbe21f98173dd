/** Host names that reach this computer only; plain http is allowed to them and to nothing else. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const SERVER_ADDRESS_MESSAGES = {
  notUrl: 'Enter the server address as a URL, e.g. https://parley.example.com',
  credentials: 'The server address must not contain a user name or password',
  insecure: 'The server address must use https (http only for this computer)',
} as const;

export type ServerAddressCheck = { ok: true; origin: string } | { ok: false; message: string };

/**
 * The desktop console's server: https, or http on this computer only, with no credentials; only its origin is kept
 * (the API lives at the origin's /api).
 */
export function checkServerAddress(raw: string): ServerAddressCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: SERVER_ADDRESS_MESSAGES.notUrl };
  }
  if (url.username || url.password) return { ok: false, message: SERVER_ADDRESS_MESSAGES.credentials };
  if (url.protocol === 'https:') return { ok: true, origin: url.origin };
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return { ok: true, origin: url.origin };
  return { ok: false, message: SERVER_ADDRESS_MESSAGES.insecure };
}

/** Longest in-app path a notification may lead to. */
const IN_APP_PATH_MAX = 512;
/** A path of this app: one leading slash (never `//host`), URL-safe characters, no backslash, scheme or fragment. */
const IN_APP_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/%?=&]*$/;

/** True for a path inside the console such as `/calls/abc`; what a notification click may navigate to. */
export function isInAppPath(value: string): boolean {
  return value.length <= IN_APP_PATH_MAX && IN_APP_PATH.test(value) && !value.split(/[/?]/).includes('..');
}
