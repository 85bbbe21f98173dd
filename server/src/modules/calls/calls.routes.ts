import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import type { AppState, Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

const SIGNATURE_HEADER = 'elevenlabs-signature';

/**
 * The voice provider's post-call webhook. No session: the signature over the raw body is the authentication,
 * and a missing header is a malformed request (400) while a wrong one is refused (401), never a 500.
 */
export function callsRoutes(_deps: AppDeps, _guards: Guards, { calls }: Services): Router<AppState> {
  const router = new Router<AppState>();

  router.post(apiRoutes.webhooks.elevenlabs.pattern, async (ctx) => {
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
