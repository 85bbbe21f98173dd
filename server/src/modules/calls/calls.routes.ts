import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { DomainError, isProviderError } from '../../domain/domain-error';
import type { AppState, Guards } from '../../http/auth.middleware';
import { createCallRecorder } from './calls.service';

const SIGNATURE_HEADER = 'elevenlabs-signature';

/**
 * The voice provider's post-call webhook. No session: the signature over the raw body is the authentication,
 * and a missing header is a malformed request (400) while a wrong one is refused (401), never a 500.
 */
export function callsRoutes(deps: AppDeps, _guards: Guards): Router<AppState> {
  const recorder = createCallRecorder(deps);
  const router = new Router<AppState>();

  router.post('/webhooks/elevenlabs', async (ctx) => {
    const header = ctx.get(SIGNATURE_HEADER);
    if (!header) throw new DomainError('VALIDATION_FAILED', 'Missing ElevenLabs-Signature header.');
    const rawBody = ctx.request.rawBody;
    if (typeof rawBody !== 'string' || !rawBody)
      throw new DomainError('VALIDATION_FAILED', 'The webhook body must be JSON.');
    let event: { conversationId: string; agentId: string };
    try {
      event = deps.voice.verifyPostCallWebhook(Buffer.from(rawBody, 'utf8'), header);
    } catch (error) {
      deps.logger.warn({ err: error, requestId: ctx.state.requestId }, 'webhook rejected');
      // The adapter refuses a bad signature, or a signed body that is not a post-call event; anything else is a bad signature.
      if (error instanceof DomainError && !isProviderError(error)) throw error;
      throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Invalid webhook signature.');
    }
    const outcome = await recorder.handlePostCallWebhook(event);
    ctx.body = { received: true, outcome };
  });

  return router;
}
