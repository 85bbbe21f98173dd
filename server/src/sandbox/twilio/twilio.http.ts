import { createHmac } from 'node:crypto';
import type { Context } from 'koa';

/** How Twilio's API v2010 reads and answers requests: its error body, its query flags and its list pages. */

export const API_VERSION = '2010-04-01';

const MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 50;

/** Twilio's dates are RFC 2822 with a numeric zone. */
export const rfc2822 = (iso: string) => new Date(iso).toUTCString().replace('GMT', '+0000');

export function twilioError(ctx: Context, status: number, code: number, message: string): void {
  ctx.status = status;
  ctx.body = { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/** Twilio's answer for a path it does not serve and for a resource that is not there. */
export function resourceNotFound(ctx: Context): void {
  twilioError(ctx, 404, 20404, `The requested resource ${ctx.path} was not found`);
}

export function queryString(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function queryFlag(ctx: Context, name: string): boolean | undefined {
  const value = queryString(ctx, name);
  return value === undefined ? undefined : value.toLowerCase() === 'true';
}

export function requestedPageSize(ctx: Context): number {
  const size = Number(queryString(ctx, 'PageSize') ?? DEFAULT_PAGE_SIZE);
  return Number.isInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
}

/**
 * One page of a Twilio list: the page meta keys and the one array key the SDK reads the items from. `Page` and
 * `PageSize` pick the page; the page URIs repeat the request's filters.
 */
export function listPage<T>(ctx: Context, key: string, items: T[]): Record<string, unknown> {
  const size = requestedPageSize(ctx);
  const page = Math.max(Number(queryString(ctx, 'Page') ?? 0) || 0, 0);
  const start = page * size;
  const slice = items.slice(start, start + size);
  const pageUri = (n: number) => {
    const params = new URLSearchParams(ctx.querystring);
    params.set('Page', String(n));
    params.set('PageSize', String(size));
    return `${ctx.path}?${params.toString()}`;
  };
  return {
    [key]: slice,
    end: start + Math.max(slice.length - 1, 0),
    first_page_uri: pageUri(0),
    next_page_uri: start + size < items.length ? pageUri(page + 1) : null,
    page,
    page_size: size,
    previous_page_uri: page > 0 ? pageUri(page - 1) : null,
    start,
    uri: ctx.url,
  };
}

/**
 * `X-Twilio-Signature`: base64 HMAC-SHA1, keyed with the auth token, of the full URL followed by each POST parameter
 * as name and value, names sorted (a GET request's parameters are in the URL already).
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed).digest('base64');
}
