import type { JwtSigner } from '../../lib/jwt';
import { createAuthContext, type AuthDeps, type AuthModules } from './auth-context';
import { createPasswordReset } from './auth-password-reset';
import { createSessions } from './auth-sessions';
import { createSignin } from './auth-signin';
import { createSignup } from './auth-signup';

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, registration, sessions and account tokens. Knows nothing of HTTP. */
export function createAuthService(deps: AuthDeps, signer: JwtSigner, modules: AuthModules) {
  const context = createAuthContext(deps, signer, modules);
  const { startSession, ...sessions } = createSessions(context);
  return {
    ...createSignup(context),
    ...createSignin(context, { startSession }),
    ...sessions,
    ...createPasswordReset(context),
  };
}
