import type Router from '@koa/router';
import type { DeliveredEvent } from '@shared/api/events.types';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { setSecurityHeaders } from '../../http/request.middleware';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** How soon a dropped stream's browser reconnects. */
const RECONNECT_MS = 3000;
const EVENT_ID = /^\d{1,18}$/;

function frame(event: DeliveredEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ ...event.data, at: event.at })}\n\n`;
}

/**
 * GET /api/events: a Server-Sent Events stream of the signed-in member's tenant, through the same authentication as
 * every other route (a bearer token in the Authorization header, never in the URL; the renderer reads the stream with
 * fetch), or an API key with calls:read (its row in shared/api/routes.ts).
 * The stream ends when the access token would have expired, so the client reconnects with a fresh one (and its
 * Last-Event-ID) and the session is checked again.
 */
export function eventsRoutes(deps: AppDeps, guards: Guards, { events }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.events.stream, 'GET', async (ctx) => {
    const auth = ctx.state.auth!;
    const header = ctx.get('last-event-id');
    const lastEventId = EVENT_ID.test(header) ? header : null;
    const res = ctx.res;
    const write = (text: string) => {
      if (!res.writableEnded && !res.destroyed) res.write(text);
    };

    // The stream writes its own head and body (no compression, no buffering), with the API's security headers.
    ctx.respond = false;
    setSecurityHeaders(ctx);
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' });
    write(`retry: ${RECONNECT_MS}\n: connected\n\n`);

    let unsubscribe: (() => void) | null = null;
    const heartbeat = setInterval(() => write(': ping\n\n'), deps.config.eventHeartbeatMs);
    const lifetime = setTimeout(() => res.end(), deps.config.accessTokenTtlSec * 1000);
    res.once('close', () => {
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe?.();
    });
    try {
      const subscribed = await events.subscribe(
        { tenantId: tenantIdOf(ctx), role: auth.role, send: (event) => write(frame(event)) },
        lastEventId,
      );
      if (res.destroyed) subscribed();
      else unsubscribe = subscribed;
    } catch (error) {
      // The head is sent: the client sees the stream end and reconnects with its Last-Event-ID.
      deps.logger.warn({ err: error }, 'event stream could not subscribe');
      res.end();
    }
  });

  return router;
}
