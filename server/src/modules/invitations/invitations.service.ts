import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { sha256Hex } from '../../lib/secrets';
import { findInvitationDetails, type InvitationDetails } from './invitations.store';

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/** Longer tokens are never ours: refused before hashing. */
const MAX_TOKEN_LENGTH = 200;

/** Invitations to join a tenant, looked up by the token their link carries (only its hash is stored). */
export function createInvitationsService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    async details(token: string): Promise<InvitationDetails> {
      if (token.length > MAX_TOKEN_LENGTH) throw new DomainError('NOT_FOUND');
      const details = await findInvitationDetails(deps.db, sha256Hex(token), isoNow(deps.clock));
      if (!details) throw new DomainError('NOT_FOUND', 'This invitation is invalid or has expired.');
      return details;
    },
  };
}
