import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { toIso } from '../../db/database';
import type { AppState } from '../../http/auth.middleware';

/** Mounted only when NODE_ENV=test: lets browser tests read the mail outbox, as a person reads their inbox. */
export function testSupportRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  if (deps.config.nodeEnv !== 'test') return router;
  router.get('/test/outbox', async (ctx) => {
    const to = typeof ctx.query.to === 'string' ? ctx.query.to.toLowerCase() : '';
    const rows = await deps.db('mail_outbox').where({ to_address: to }).orderBy('created_at', 'desc').limit(20);
    ctx.body = {
      messages: rows.map((row) => ({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        kind: row.kind,
        createdAt: toIso(row.created_at),
      })),
    };
  });
  return router;
}
