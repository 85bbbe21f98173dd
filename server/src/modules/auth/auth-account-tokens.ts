import type { AccountTokenKind } from '../users/users.service';
import { randomToken, sha256Hex } from '../../lib/secrets';
import type { AuthContext } from './auth-context';

/** How long each kind of account token lasts and which screen its link opens. */
const ACCOUNT_TOKENS = {
  'verify-email': { ttlSec: 24 * 3600, path: '/verify-email' },
  'reset-password': { ttlSec: 3600, path: '/reset-password' },
} as const satisfies Record<AccountTokenKind, { ttlSec: number; path: string }>;

/** Mails single-use account tokens (e-mail verification, password reset). */
export function createAccountTokenMailer({ deps, modules, inSeconds }: AuthContext) {
  const { config } = deps;
  const { users } = modules;
  /** Issues a single-use account token (replacing any earlier one), stores its hash and mails its link. */
  return async function mailAccountToken(
    user: { id: string; email: string; name: string },
    purpose: AccountTokenKind,
    compose: (link: string) => { subject: string; text: string },
  ): Promise<void> {
    const token = randomToken();
    const { ttlSec, path } = ACCOUNT_TOKENS[purpose];
    await users.setAccountToken(user.id, purpose, sha256Hex(token), inSeconds(ttlSec));
    const link = new URL(`${path}?token=${encodeURIComponent(token)}`, config.publicUrl).toString();
    await deps.mail.send({ to: user.email, kind: purpose, ...compose(link) });
  };
}
