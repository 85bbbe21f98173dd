import type { Middleware } from 'koa';
import type { AppState } from './auth.middleware';

/** A body Koa would send as JSON: a plain object or an array (not a buffer, stream, blob or class instance). */
function isJsonValue(body: unknown): body is object {
  if (Array.isArray(body)) return true;
  return typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype;
}

/**
 * Serialises a JSON body once, on its way out. Left as an object, it was serialised twice per request: once by
 * Koa's `response.length` when the compression middleware compares it with its threshold, and again when Koa sends
 * it. The Content-Type stays application/json; Koa sets Content-Length from the text.
 */
export function serializeJsonOnce(): Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (isJsonValue(body)) ctx.body = JSON.stringify(body);
  };
}
