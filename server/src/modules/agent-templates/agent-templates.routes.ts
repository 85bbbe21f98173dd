import type Router from '@koa/router';
import type { AgentTemplatesResponse } from '@shared/api/agent-templates.types';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import type { AppState, Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** The six instruction templates of the create-agent dialog (spec 000 §2). */
export function agentTemplatesRoutes(_deps: AppDeps, guards: Guards, { agentTemplates }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  router.handle(apiRoutes.agentTemplates.list, 'GET', async (ctx) => {
    const body: AgentTemplatesResponse = { templates: await agentTemplates.list() };
    ctx.body = body;
  });
  return router;
}
