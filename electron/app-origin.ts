/** The renderer's home: a privileged custom scheme, never a remote origin (the server's CORS allowlist names it). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'parley';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/`;

/** True for app://parley/… only; WHATWG gives custom schemes an opaque origin, so the parts are compared. */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && !url.username && !url.password;
  } catch {
    return false;
  }
}
