import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import type { AppState } from '../../http/auth.middleware';
import { sha256Hex } from '../../lib/secrets';
import { findInvitationDetails } from './invitations.store';

/** Public look-up of an invitation by its token, for the Accept Invitation form. */
export function invitationsRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/invitations/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    const details = await findInvitationDetails(deps.db, sha256Hex(token), deps.clock.now().toISOString());
    if (!details) throw new DomainError('NOT_FOUND', 'This invitation is invalid or has expired.');
    ctx.body = details;
  });
  return router;
}
