import Router from '@koa/router';
import type { AgentTemplatesResponse } from '@shared/api/agent-templates.types';
import type { AppDeps } from '../../app-deps';
import type { AppState, Guards } from '../../http/auth.middleware';
import { listActiveTemplates } from './agent-templates.store';

/** The six instruction templates of the create-agent dialog (spec 000 §2). */
export function agentTemplatesRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/agent-templates', guards.authenticate, async (ctx) => {
    const body: AgentTemplatesResponse = { templates: await listActiveTemplates(deps.db) };
    ctx.body = body;
  });
  return router;
}
