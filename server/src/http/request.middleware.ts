import { randomUUID } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import { isApiPath } from '@shared/api/routes';
import type { AppState } from './auth.middleware';

const SAFE_REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** Gives each request an id (the caller's, when it is safe) and logs one line when it ends. */
export function requestMiddleware(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
          tenantId: ctx.state.auth?.tenantId,
          userId: ctx.state.auth?.userId,
        },
        'request',
      );
    }
  };
}

/**
 * Security headers on every response; the API's are strict, the renderer's allow what the app loads: Stripe.js and
 * its API with live keys, and `paymentsSandboxOrigin`, where the sandbox's test-card form confirms cards.
 */
export function securityHeaders(paymentsSandboxOrigin: string | null = null): Middleware<AppState> {
  const connectSources = [
    "'self'",
    'https://api.stripe.com',
    ...(paymentsSandboxOrigin ? [paymentsSandboxOrigin] : []),
  ];
  const rendererPolicy = [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    // Call recordings play from blobs the renderer fetched with its bearer token (as the desktop console allows).
    "media-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self' https://js.stripe.com",
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    `connect-src ${connectSources.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
  return async (ctx, next) => {
    await next();
    setSecurityHeaders(ctx, rendererPolicy);
  };
}

/**
 * The security headers themselves, also for a response that writes its own head (the event stream, an API path);
 * `rendererPolicy` is the content security policy of the renderer's pages.
 */
export function setSecurityHeaders(ctx: ParameterizedContext<AppState>, rendererPolicy?: string): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (isApiPath(ctx.path) || !rendererPolicy) {
    ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    ctx.set('Cache-Control', 'no-store');
  } else {
    ctx.set('Content-Security-Policy', rendererPolicy);
  }
}
