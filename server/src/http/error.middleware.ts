import type { Middleware } from 'koa';
import { catalogueEntry, ERROR_MESSAGES } from '@shared/api/error-catalogue';
import type { ApiErrorBody } from '@shared/api/error-codes';
import { isApiPath } from '@shared/api/routes';
import type { Logger } from 'pino';
import { DomainError } from '../domain/domain-error';
import type { AppState } from './auth.middleware';
import { ERROR_STATUS } from './error-status';

/** The one place errors become responses: catalogue bodies, no stacks or SQL, 4xx for anything the client caused. */
export function errorMiddleware(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        ctx.status = 404;
        ctx.body = { message: catalogueEntry(404).message, code: 'NOT_FOUND' } satisfies ApiErrorBody;
      }
    } catch (error) {
      const body: ApiErrorBody & Record<string, unknown> = { message: '' };
      if (error instanceof DomainError) {
        const { fields, retryAfterSec, billingStatus } = error.details;
        ctx.status = ERROR_STATUS[error.code];
        body.message = error.hasOwnMessage ? error.message : ERROR_MESSAGES[error.code];
        body.code = error.code;
        if (fields && Object.keys(fields).length) body.fields = fields;
        if (error.code === 'PAYMENT_REQUIRED') Object.assign(body, { requiresPayment: true, billingStatus });
        if (retryAfterSec) ctx.set('Retry-After', String(retryAfterSec));
      } else if (isClientHttpError(error)) {
        // Body parser and Koa's own errors (bad JSON, body too large, unsupported charset).
        ctx.status = error.status;
        body.message = error.status === 413 ? 'Request body is too large.' : catalogueEntry(error.status).message;
        body.code = error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED';
      } else {
        ctx.status = 500;
        body.message = catalogueEntry(500).message;
        body.code = 'INTERNAL';
        logger.error({ err: error, requestId: ctx.state.requestId }, 'unhandled error');
      }
      ctx.body = body;
    }
  };
}

function isClientHttpError(error: unknown): error is { status: number; expose: boolean } {
  if (!error || typeof error !== 'object') return false;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
