import type Router from '@koa/router';
import type {
  BatchCallResponse,
  CallAttemptsResponse,
  CampaignAnalytics,
  DialingPreview,
  DialingProgress,
  QuietHoursResponse,
} from '@shared/api/dialer.types';
import { apiRoutes } from '@shared/api/routes';
import { LEGAL_QUIET_HOURS } from '@shared/domain/calling-window';
import { batchCallSchema } from '@shared/schemas/batch-call.schema';
import { campaignAnalyticsQuerySchema } from '@shared/schemas/campaign-analytics.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** The dialer's routes: members read attempts, the preview, progress and analytics; admins send batch calls. */
export function dialerRoutes(
  _deps: AppDeps,
  guards: Guards,
  { dialerOverview, batchCalls }: Services,
): Router<AppState> {
  const router = createApiRouter(guards);
  const { dialer } = apiRoutes;

  router.handle(dialer.attempts, 'GET', async (ctx) => {
    const body: CallAttemptsResponse = {
      attempts: await dialerOverview.attempts(tenantIdOf(ctx), ctx.params.id ?? ''),
    };
    ctx.body = body;
  });

  router.handle(dialer.preview, 'GET', async (ctx) => {
    const body: DialingPreview = await dialerOverview.preview(tenantIdOf(ctx), ctx.params.id ?? '');
    ctx.body = body;
  });

  router.handle(dialer.progress, 'GET', async (ctx) => {
    const body: DialingProgress = await dialerOverview.progress(tenantIdOf(ctx), ctx.params.id ?? '');
    ctx.body = body;
  });

  router.handle(dialer.analytics, 'GET', async (ctx) => {
    const query = await validate(campaignAnalyticsQuerySchema, ctx.query);
    const body: CampaignAnalytics = await dialerOverview.analytics(tenantIdOf(ctx), ctx.params.id ?? '', query);
    ctx.body = body;
  });

  router.handle(dialer.batchCalls, 'POST', async (ctx) => {
    const input = await validate(batchCallSchema, ctx.request.body);
    const body: BatchCallResponse = await batchCalls.submit(tenantIdOf(ctx), ctx.params.id ?? '', input);
    ctx.status = 201;
    ctx.body = body;
  });

  router.handle(dialer.quietHours, 'GET', async (ctx) => {
    const body: QuietHoursResponse = { rules: [...LEGAL_QUIET_HOURS] };
    ctx.body = body;
  });

  return router;
}
