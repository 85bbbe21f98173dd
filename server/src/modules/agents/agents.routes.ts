import Router from '@koa/router';
import type { AgentResponse, AgentsResponse } from '@shared/api/agents.types';
import { createAgentSchema, updateAgentSchema } from '@shared/schemas/agent.schema';
import type { AppDeps } from '../../app-deps';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import { createCallRecorder } from '../calls/calls.service';
import { createUploadsService } from '../uploads/uploads.service';
import { createAgentsService } from './agents.service';

/** Voice agents: any tenant member reads; admins create, edit, delete, sync and (in the sandbox) call them. */
export function agentsRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const service = createAgentsService(deps, createUploadsService(deps), createCallRecorder(deps));
  const router = new Router<AppState>();
  const idOf = (params: Record<string, string | undefined>) => params.id ?? '';

  router.get('/agents', ...guards.tenantMember, async (ctx) => {
    const body: AgentsResponse = { agents: await service.list(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.post('/agents', ...guards.tenantAdmin, async (ctx) => {
    const input = await validate(createAgentSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await service.create(tenantIdOf(ctx), input);
  });

  router.get('/agents/:id', ...guards.tenantMember, async (ctx) => {
    const body: AgentResponse = { agent: await service.get(tenantIdOf(ctx), idOf(ctx.params)) };
    ctx.body = body;
  });

  router.patch('/agents/:id', ...guards.tenantAdmin, async (ctx) => {
    const input = await validate(updateAgentSchema, ctx.request.body);
    const body: AgentResponse = { agent: await service.update(tenantIdOf(ctx), idOf(ctx.params), input) };
    ctx.body = body;
  });

  router.delete('/agents/:id', ...guards.tenantAdmin, async (ctx) => {
    ctx.body = await service.remove(tenantIdOf(ctx), idOf(ctx.params));
  });

  router.get('/agents/:id/stats', ...guards.tenantMember, async (ctx) => {
    ctx.body = await service.stats(tenantIdOf(ctx), idOf(ctx.params));
  });

  // Any member may pull calls in: it only records what the provider already has.
  router.post('/agents/:id/sync-calls', ...guards.tenantMember, async (ctx) => {
    ctx.body = await service.syncCalls(tenantIdOf(ctx), idOf(ctx.params));
  });

  router.post('/agents/:id/simulate-call', ...guards.tenantAdmin, async (ctx) => {
    ctx.status = 202;
    ctx.body = await service.simulateCall(tenantIdOf(ctx), idOf(ctx.params));
  });

  return router;
}
