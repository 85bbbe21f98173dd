import Router from '@koa/router';
import type {
  CampaignAgentsResponse,
  CampaignResponse,
  CampaignsResponse,
  CreateCampaignResponse,
} from '@shared/api/campaigns.types';
import { apiRoutes } from '@shared/api/routes';
import { createCampaignSchema, pauseCampaignSchema, updateCampaignSchema } from '@shared/schemas/campaign.schema';
import type { AppDeps } from '../../app-deps';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

const PAUSED_BY_HAND = 'Paused by a team member.';

/** Campaigns: any member reads; admins create, change, pause and delete. */
export function campaignsRoutes(_deps: AppDeps, guards: Guards, { campaigns }: Services): Router<AppState> {
  const router = new Router<AppState>();
  const { collection, byId, agents, pause, resume } = apiRoutes.campaigns;
  const idOf = (ctx: { params: Record<string, string | undefined> }) => ctx.params.id ?? '';

  router.get(collection.pattern, ...guards.tenantMember, async (ctx) => {
    const body: CampaignsResponse = { campaigns: await campaigns.list(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.post(collection.pattern, ...guards.tenantAdmin, async (ctx) => {
    const input = await validate(createCampaignSchema, ctx.request.body);
    const body: CreateCampaignResponse = {
      campaign: await campaigns.create(tenantIdOf(ctx), input),
      message: 'Campaign created',
    };
    ctx.status = 201;
    ctx.body = body;
  });

  router.get(byId.pattern, ...guards.tenantMember, async (ctx) => {
    const body: CampaignResponse = { campaign: await campaigns.get(tenantIdOf(ctx), idOf(ctx)) };
    ctx.body = body;
  });

  router.patch(byId.pattern, ...guards.tenantAdmin, async (ctx) => {
    const patch = await validate(updateCampaignSchema, ctx.request.body);
    const body: CampaignResponse = { campaign: await campaigns.update(tenantIdOf(ctx), idOf(ctx), patch) };
    ctx.body = body;
  });

  router.delete(byId.pattern, ...guards.tenantAdmin, async (ctx) => {
    ctx.body = await campaigns.remove(tenantIdOf(ctx), idOf(ctx));
  });

  router.get(agents.pattern, ...guards.tenantMember, async (ctx) => {
    const body: CampaignAgentsResponse = { agents: await campaigns.agents(tenantIdOf(ctx), idOf(ctx)) };
    ctx.body = body;
  });

  router.post(pause.pattern, ...guards.tenantAdmin, async (ctx) => {
    const { reason } = await validate(pauseCampaignSchema, ctx.request.body);
    const body: CampaignResponse = {
      campaign: await campaigns.pause(tenantIdOf(ctx), idOf(ctx), reason || PAUSED_BY_HAND),
    };
    ctx.body = body;
  });

  router.post(resume.pattern, ...guards.tenantAdmin, async (ctx) => {
    const body: CampaignResponse = { campaign: await campaigns.resume(tenantIdOf(ctx), idOf(ctx)) };
    ctx.body = body;
  });

  return router;
}
