import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type Router from '@koa/router';
import type { AnalysisRunResponse } from '@shared/api/calls.types';
import { apiRoutes } from '@shared/api/routes';
import {
  analysisRunSchema,
  callsAnalyticsQuerySchema,
  recentCallsQuerySchema,
  type CallsPeriod,
} from '@shared/schemas/calls.schema';
import type { AnalysisRunScope } from '@shared/api/calls.types';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

const SIGNATURE_HEADER = 'elevenlabs-signature';

/**
 * Calls: any tenant member reads the calls, their detail and the dashboard's analytics; admins re-run analyses.
 * The voice provider's post-call webhook has no session: the signature over the raw body is the authentication,
 * and a missing header is a malformed request (400) while a wrong one is refused (401), never a 500.
 */
export function callsRoutes(
  deps: AppDeps,
  guards: Guards,
  { calls, callAnalysis, stats, callbacks }: Services,
): Router<AppState> {
  const router = createApiRouter(guards);
  const idOf = (params: Record<string, string | undefined>) => params.id ?? '';

  router.handle(apiRoutes.calls.list, 'GET', async (ctx) => {
    ctx.body = await calls.page(tenantIdOf(ctx), await validate(recentCallsQuerySchema, ctx.query));
  });

  // Before calls/:id, which would take "analytics" for an id.
  router.handle(apiRoutes.calls.analytics, 'GET', async (ctx) => {
    const query = await validate(callsAnalyticsQuerySchema, ctx.query);
    const tenantId = tenantIdOf(ctx);
    const [analytics, callbacksDue] = await Promise.all([
      stats.callsAnalytics(tenantId, query.period as CallsPeriod, query.agentId),
      callbacks.countDue(tenantId, deps.clock.now()),
    ]);
    ctx.body = { ...analytics, transfers: { ...analytics.transfers, callbacksDue } };
  });

  router.handle(apiRoutes.calls.byId, 'GET', async (ctx) => {
    ctx.body = await calls.detail(tenantIdOf(ctx), idOf(ctx.params));
  });

  // The recording streams through: the renderer fetches it with its bearer token and plays it from a blob.
  router.handle(apiRoutes.calls.recording, 'GET', async (ctx) => {
    const audio = await calls.recording(tenantIdOf(ctx), idOf(ctx.params));
    ctx.type = audio.contentType;
    if (audio.contentLength !== null) ctx.length = audio.contentLength;
    ctx.body = Readable.fromWeb(audio.body as NodeReadableStream<Uint8Array>);
  });

  router.handle(apiRoutes.analysisRuns.collection, 'POST', async (ctx) => {
    const input = await validate(analysisRunSchema, ctx.request.body);
    const run = await callAnalysis.startRun(tenantIdOf(ctx), ctx.state.auth!.userId, {
      scope: input.scope as AnalysisRunScope,
      id: input.id,
    });
    const body: AnalysisRunResponse = { run };
    ctx.status = 202;
    ctx.body = body;
  });

  router.handle(apiRoutes.analysisRuns.byId, 'GET', async (ctx) => {
    const body: AnalysisRunResponse = { run: await callAnalysis.run(tenantIdOf(ctx), idOf(ctx.params)) };
    ctx.body = body;
  });

  router.handle(apiRoutes.webhooks.elevenlabs, 'POST', async (ctx) => {
    const header = ctx.get(SIGNATURE_HEADER);
    if (!header) throw new DomainError('VALIDATION_FAILED', 'Missing ElevenLabs-Signature header.');
    const rawBody = ctx.request.rawBody;
    if (typeof rawBody !== 'string' || !rawBody)
      throw new DomainError('VALIDATION_FAILED', 'The webhook body must be JSON.');
    const outcome = await calls.receivePostCallWebhook(Buffer.from(rawBody, 'utf8'), header);
    ctx.body = { received: true, outcome };
  });

  return router;
}
