import type { AuthResponse, AuthStatusResponse } from '@shared/api/auth.types';
import type { LoginRequest } from '@shared/schemas/auth.schema';
import { DomainError } from '../../domain/domain-error';
import { hashPassword, randomToken, verifyPassword } from '../../lib/secrets';
import type { RequestMeta } from '../audit/audit.service';
import { toAuthUser } from '../users/users.service';
import type { AuthContext } from './auth-context';
import { SESSION_EXPIRED, type createSessions } from './auth-sessions';

const INVALID_CREDENTIALS = 'Invalid credentials';

/** Sign-in, under the throttle, and who is signed in. */
export function createSignin(
  { deps, modules, throttle, audit }: AuthContext,
  { startSession }: Pick<ReturnType<typeof createSessions>, 'startSession'>,
) {
  const { config } = deps;
  const { users, tenants } = modules;
  // Hashed on the unknown-e-mail path so that it costs what a wrong password costs.
  const dummyHash = hashPassword(randomToken(), config.passwordHashCost);

  return {
    async login(input: LoginRequest, meta: RequestMeta): Promise<AuthResponse> {
      const email = input.email.toLowerCase();
      const attempt = await throttle.signIn(email, meta.ip).catch(async (error: unknown) => {
        if (error instanceof DomainError) await audit('auth.login.throttled', meta, { details: { email } });
        throw error;
      });
      const user = await users.findByEmail(email);
      const check = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await dummyHash),
        config.passwordHashCost,
      );
      if (!user || !check.valid || !user.active) {
        await audit('auth.login.failed', meta, { tenantId: user?.tenantId, userId: user?.id });
        throw new DomainError('AUTH_INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await attempt.succeeded();
      if (check.needsRehash) {
        await users.updatePasswordHash(user.id, await hashPassword(input.password, config.passwordHashCost));
      }
      await audit('auth.login.succeeded', meta, { tenantId: user.tenantId, userId: user.id });
      return startSession(user);
    },

    async currentUser(userId: string): Promise<AuthStatusResponse> {
      const user = await users.findById(userId);
      if (!user || !user.active) throw new DomainError('AUTH_TOKEN_INVALID', SESSION_EXPIRED);
      const tenant = user.tenantId ? await tenants.find(user.tenantId) : undefined;
      return {
        user: toAuthUser(user),
        billingStatus: tenant?.billingStatus ?? null,
        simulatedCalls: config.providers === 'sandbox',
      };
    },
  };
}
