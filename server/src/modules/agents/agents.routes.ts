import type Router from '@koa/router';
import type { AgentResponse, AgentsResponse } from '@shared/api/agents.types';
import { apiRoutes } from '@shared/api/routes';
import { createAgentSchema, updateAgentSchema } from '@shared/schemas/agent.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Voice agents: any tenant member reads; admins create, edit, delete, sync and (in the sandbox) call them. */
export function agentsRoutes(_deps: AppDeps, guards: Guards, { agents, agentCalls }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  const idOf = (params: Record<string, string | undefined>) => params.id ?? '';

  router.handle(apiRoutes.agents.collection, 'GET', async (ctx) => {
    const body: AgentsResponse = { agents: await agents.list(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.handle(apiRoutes.agents.collection, 'POST', async (ctx) => {
    const input = await validate(createAgentSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await agents.create(tenantIdOf(ctx), input);
  });

  router.handle(apiRoutes.agents.byId, 'GET', async (ctx) => {
    const body: AgentResponse = { agent: await agents.get(tenantIdOf(ctx), idOf(ctx.params)) };
    ctx.body = body;
  });

  router.handle(apiRoutes.agents.byId, 'PATCH', async (ctx) => {
    const input = await validate(updateAgentSchema, ctx.request.body);
    const body: AgentResponse = { agent: await agents.update(tenantIdOf(ctx), idOf(ctx.params), input) };
    ctx.body = body;
  });

  router.handle(apiRoutes.agents.byId, 'DELETE', async (ctx) => {
    ctx.body = await agents.remove(tenantIdOf(ctx), idOf(ctx.params));
  });

  router.handle(apiRoutes.agents.stats, 'GET', async (ctx) => {
    ctx.body = await agentCalls.stats(tenantIdOf(ctx), idOf(ctx.params));
  });

  router.handle(apiRoutes.agents.syncCalls, 'POST', async (ctx) => {
    ctx.body = await agentCalls.syncCalls(tenantIdOf(ctx), idOf(ctx.params));
  });

  router.handle(apiRoutes.agents.simulateCall, 'POST', async (ctx) => {
    ctx.status = 202;
    ctx.body = await agentCalls.simulateCall(tenantIdOf(ctx), idOf(ctx.params));
  });

  return router;
}
