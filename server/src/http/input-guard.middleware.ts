import { createParameterValidationMiddleware, type Router } from '@koa/router';
import type { Middleware } from 'koa';
import { DomainError, invalidField } from '../domain/domain-error';
import { API_KEY_MARK } from '../modules/api-keys/api-key-format';
import type { AppState } from './auth.middleware';

/** No request body of ours nests deeper than a few levels; the schemas walk bodies recursively. */
export const JSON_MAX_DEPTH = 16;

/** PostgreSQL refuses NUL in text, so a NUL that reached a query would fail there as a 500. */
const NUL = '\u0000';
const NUL_MESSAGE = 'Text must not contain NUL characters.';
const KEY_IN_URL_MESSAGE = 'Send API keys in the X-API-Key header or as a bearer token, never in the URL.';

/**
 * Ids and tokens in paths are URL-safe text: ids are UUIDs or slugs, tokens base64url. Anything else (NUL, `%00`,
 * `..`, a slash, unicode, a malformed escape koa-router left undecoded, or a very long value) is no id of ours.
 */
const PATH_PARAM = /^(?!\.+$)[A-Za-z0-9._~-]{1,128}$/;

/** The first problem in a parsed JSON body: nesting past the limit, or a NUL in a key or a string. */
function bodyProblem(value: unknown, path: string, depth: number): DomainError | null {
  if (typeof value === 'string') return value.includes(NUL) ? invalidField(path || '_', NUL_MESSAGE) : null;
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= JSON_MAX_DEPTH)
    return new DomainError(
      'VALIDATION_FAILED',
      `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`,
    );
  for (const [key, nested] of Object.entries(value)) {
    const nestedPath = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return invalidField(path || '_', NUL_MESSAGE);
    const problem = bodyProblem(nested, nestedPath, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Refuses, after the body parser and before any route, a JSON body nested past JSON_MAX_DEPTH (yup's recursion
 * overflowed the stack at 10,000 levels), NUL in the body or the query string, and an API key in the query string.
 */
export function inputGuard(): Middleware<AppState> {
  return async (ctx, next) => {
    const problem = bodyProblem(ctx.request.body, '', 0);
    if (problem) throw problem;
    for (const [key, value] of Object.entries(ctx.query)) {
      const texts = [value ?? ''].flat();
      if (key.includes(NUL) || texts.some((text) => text.includes(NUL)))
        throw invalidField(key.replaceAll(NUL, ''), NUL_MESSAGE);
      // A URL ends up in proxies' logs, browser history and Referer headers: a key sent in one is refused, never used.
      if (texts.some((text) => text.startsWith(API_KEY_MARK))) throw invalidField(key, KEY_IN_URL_MESSAGE);
    }
    await next();
  };
}

/**
 * Checks every path parameter of the router's routes in one place: a malformed value is a 400 before any guard
 * or handler sees it, and a well-formed unknown one is left to the handler's 404.
 */
export function guardPathParams(router: Router<AppState>): void {
  const names = new Set(router.stack.flatMap((layer) => layer.paramNames.map((key) => String(key.name))));
  for (const name of names) {
    router.param(
      name,
      createParameterValidationMiddleware(name, PATH_PARAM, {
        createError: () => invalidField(name, `Invalid ${name} in the path.`),
      }),
    );
  }
}
