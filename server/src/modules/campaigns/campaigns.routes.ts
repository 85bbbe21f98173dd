import type Router from '@koa/router';
import type {
  CampaignAgentsResponse,
  CampaignResponse,
  CampaignsResponse,
  CreateCampaignResponse,
} from '@shared/api/campaigns.types';
import { apiRoutes } from '@shared/api/routes';
import { createCampaignSchema, pauseCampaignSchema, updateCampaignSchema } from '@shared/schemas/campaign.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

const PAUSED_BY_HAND = 'Paused by a team member.';

/** Campaigns: any member reads; admins create, change, pause and delete. */
export function campaignsRoutes(_deps: AppDeps, guards: Guards, { campaigns }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  const { collection, byId, agents, pause, resume } = apiRoutes.campaigns;
  const idOf = (ctx: { params: Record<string, string | undefined> }) => ctx.params.id ?? '';

  router.handle(collection, 'GET', async (ctx) => {
    const body: CampaignsResponse = { campaigns: await campaigns.list(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.handle(collection, 'POST', async (ctx) => {
    const input = await validate(createCampaignSchema, ctx.request.body);
    const body: CreateCampaignResponse = {
      campaign: await campaigns.create(tenantIdOf(ctx), input),
      message: 'Campaign created',
    };
    ctx.status = 201;
    ctx.body = body;
  });

  router.handle(byId, 'GET', async (ctx) => {
    const body: CampaignResponse = { campaign: await campaigns.get(tenantIdOf(ctx), idOf(ctx)) };
    ctx.body = body;
  });

  router.handle(byId, 'PATCH', async (ctx) => {
    const patch = await validate(updateCampaignSchema, ctx.request.body);
    const body: CampaignResponse = { campaign: await campaigns.update(tenantIdOf(ctx), idOf(ctx), patch) };
    ctx.body = body;
  });

  router.handle(byId, 'DELETE', async (ctx) => {
    ctx.body = await campaigns.remove(tenantIdOf(ctx), idOf(ctx));
  });

  router.handle(agents, 'GET', async (ctx) => {
    const body: CampaignAgentsResponse = { agents: await campaigns.agents(tenantIdOf(ctx), idOf(ctx)) };
    ctx.body = body;
  });

  router.handle(pause, 'POST', async (ctx) => {
    const { reason } = await validate(pauseCampaignSchema, ctx.request.body);
    const body: CampaignResponse = {
      campaign: await campaigns.pause(tenantIdOf(ctx), idOf(ctx), reason || PAUSED_BY_HAND),
    };
    ctx.body = body;
  });

  router.handle(resume, 'POST', async (ctx) => {
    const body: CampaignResponse = { campaign: await campaigns.resume(tenantIdOf(ctx), idOf(ctx)) };
    ctx.body = body;
  });

  return router;
}
