import type Router from '@koa/router';
import type { DeliveredEvent } from '@shared/api/events.types';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { DomainError } from '../../domain/domain-error';
import { setSecurityHeaders } from '../../http/request.middleware';
import { tenantIdOf, type AppContext, type AppState, type Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** How soon a dropped stream's browser reconnects. */
const RECONNECT_MS = 3000;
/** Open streams per user (or key) on one instance: a window per tab and a few integrations, not a flood. */
export const MAX_STREAMS_PER_CALLER = 10;
/** The shortest pause between checks of an idle stream's caller; the principal cache's TTL sets the usual one. */
const MIN_RECHECK_MS = 250;
const EVENT_ID = /^\d{1,18}$/;
const STREAM_HEAD = { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' };

function frame(event: DeliveredEvent): string {
  const id = event.id ? `id: ${event.id}\n` : '';
  return `${id}event: ${event.type}\ndata: ${JSON.stringify({ ...event.data, at: event.at })}\n\n`;
}

/**
 * GET /api/events: a Server-Sent Events stream of the signed-in member's tenant, through the same authentication as
 * every other route (a bearer token in the Authorization header, never in the URL; the renderer reads the stream with
 * fetch), or an API key with calls:read (its row in shared/api/routes.ts).
 * The caller is checked again through the principal cache before every delivery and once per cache TTL, so a
 * stream ends within that TTL of a logout, a revocation, a removal or a role change; it also ends when the access
 * token would have expired, so the client reconnects with a fresh one (and its Last-Event-ID).
 * GET /api/admin/events: the same for superadmins, who belong to no tenant: it tells them when the platform's
 * operations moved.
 */
export function eventsRoutes(deps: AppDeps, guards: Guards, { events }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  /** Open streams on this instance by user (or key). */
  const openStreams = new Map<string, number>();

  /**
   * Answers with an event stream and attaches it with `attach`, which registers its sender and returns how to
   * detach it; the caller's streams are counted, and the stream is ended on a lost caller or an expired token.
   */
  async function openStream(
    ctx: AppContext,
    attach: (send: (event: DeliveredEvent) => void, end: () => void) => Promise<() => void>,
  ): Promise<void> {
    const auth = ctx.state.auth!;
    const res = ctx.res;
    if (ctx.method === 'HEAD') {
      // A HEAD asks what a stream would answer: the head alone, and nothing held open.
      ctx.respond = false;
      setSecurityHeaders(ctx);
      res.writeHead(200, STREAM_HEAD);
      res.end();
      return;
    }
    const caller = auth.apiKey ? `key:${auth.apiKey.id}` : `user:${auth.userId}`;
    const open = openStreams.get(caller) ?? 0;
    if (open >= MAX_STREAMS_PER_CALLER) {
      throw new DomainError(
        'EVENT_STREAMS_LIMIT_REACHED',
        `At most ${MAX_STREAMS_PER_CALLER} live event streams may be open at once. Close a window or tab and try again.`,
      );
    }
    openStreams.set(caller, open + 1);
    const write = (text: string) => {
      if (!res.writableEnded && !res.destroyed) res.write(text);
    };

    // The stream writes its own head and body (no compression, no buffering), with the API's security headers.
    ctx.respond = false;
    setSecurityHeaders(ctx);
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    res.writeHead(200, STREAM_HEAD);
    write(`retry: ${RECONNECT_MS}\n: connected\n\n`);

    let detach: (() => void) | null = null;
    const end = () => res.end();
    const heartbeat = setInterval(() => write(': ping\n\n'), deps.config.eventHeartbeatMs);
    const lifetime = setTimeout(end, deps.config.accessTokenTtlSec * 1000);
    // An idle stream is checked too, so that it ends without waiting for an event.
    const recheck = setInterval(
      () =>
        void auth
          .currentRole()
          .catch(() => null)
          .then((role) => role ?? end()),
      Math.max(deps.config.principalCacheTtlMs, MIN_RECHECK_MS),
    );
    res.once('close', () => {
      clearInterval(heartbeat);
      clearInterval(recheck);
      clearTimeout(lifetime);
      detach?.();
      const left = (openStreams.get(caller) ?? 1) - 1;
      if (left > 0) openStreams.set(caller, left);
      else openStreams.delete(caller);
    });
    try {
      const attached = await attach((event) => write(frame(event)), end);
      if (res.destroyed) attached();
      else detach = attached;
    } catch (error) {
      // The head is sent: the client sees the stream end and reconnects with its Last-Event-ID.
      deps.logger.warn({ err: error }, 'event stream could not subscribe');
      res.end();
    }
  }

  router.handle(apiRoutes.events.stream, 'GET', async (ctx) => {
    const header = ctx.get('last-event-id');
    const lastEventId = EVENT_ID.test(header) ? header : null;
    const { currentRole } = ctx.state.auth!;
    await openStream(ctx, (send, end) =>
      events.subscribe({ tenantId: tenantIdOf(ctx), currentRole, send, end }, lastEventId),
    );
  });

  router.handle(apiRoutes.events.platform, 'GET', async (ctx) => {
    const { currentRole } = ctx.state.auth!;
    await openStream(ctx, (send, end) => events.watchPlatform({ currentRole, send, end }));
  });

  return router;
}
