import type { AuthResponse, TokenPair } from '@shared/api/auth.types';
import type { Db } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { openWithToken, randomToken, sealWithToken, sha256Hex } from '../../lib/secrets';
import type { RequestMeta } from '../audit/audit.service';
import { toAuthUser, type UserRecord } from '../users/users.service';
import type { AuthContext } from './auth-context';
import * as refreshTokens from './refresh-tokens.store';

export const SESSION_EXPIRED = 'Authentication expired. Please log in again.';

/** Sessions: their start, refresh-token rotation with its grace window and reuse detection, and their end. */
export function createSessions({ deps, signer, modules, audit, nowIso, inSeconds }: AuthContext) {
  const { config, db, clock, principals } = deps;
  const { users, tenants } = modules;

  /** An access token bound to its session (`sid`), which the guards check on every request. */
  async function accessTokenFor(user: UserRecord, sessionId: string): Promise<string> {
    const tenant = user.tenantId ? await tenants.find(user.tenantId) : undefined;
    return signer.sign(
      {
        typ: 'access',
        sub: user.id,
        sid: sessionId,
        tid: user.tenantId,
        role: user.role,
        ver: user.sessionVersion,
        bst: tenant?.billingStatus ?? null,
      },
      config.accessTokenTtlSec,
      Math.floor(clock.now().getTime() / 1000),
    );
  }

  async function storeRefreshToken(trx: Db, token: string, familyId: string, familyExpiresAt: string) {
    const idleExpiry = inSeconds(config.refreshIdleTtlSec);
    await refreshTokens.insertToken(
      trx,
      familyId,
      sha256Hex(token),
      nowIso(),
      idleExpiry < familyExpiresAt ? idleExpiry : familyExpiresAt,
    );
  }

  async function startSession(user: UserRecord): Promise<AuthResponse> {
    const familyExpiresAt = inSeconds(config.refreshTokenTtlSec);
    const refreshToken = randomToken('rt_');
    const familyId = await db.transaction(async (trx) => {
      const id = await refreshTokens.createFamily(trx, user.id, nowIso(), familyExpiresAt);
      await storeRefreshToken(trx, refreshToken, id, familyExpiresAt);
      return id;
    });
    const accessToken = await accessTokenFor(user, familyId);
    return { accessToken, refreshToken, tokens: { accessToken, refreshToken }, user: toAuthUser(user) };
  }

  /**
   * Rotates a refresh token: its successor is stored, and sealed with the presented token on the old row in the
   * same conditional update. Null when another request rotated it first.
   */
  async function rotate(record: refreshTokens.RefreshTokenRecord, presented: string): Promise<string | null> {
    const successor = randomToken('rt_');
    const now = nowIso();
    const rotated = await db.transaction(async (trx) => {
      if (!(await refreshTokens.markRotated(trx, record.id, now, sealWithToken(presented, successor)))) return false;
      await storeRefreshToken(trx, successor, record.familyId, record.familyExpiresAt);
      return true;
    });
    return rotated ? successor : null;
  }

  /**
   * Tabs that refresh with the same token at once all get the successor the first one made, while its rotation is
   * younger than the grace window; only the holder of the presented token can unseal it.
   */
  function successorWithinGrace(record: refreshTokens.RefreshTokenRecord | undefined, presented: string) {
    if (!record?.usedAt || !record.successorSealed) return null;
    const usedMsAgo = clock.now().getTime() - new Date(record.usedAt).getTime();
    if (usedMsAgo > config.refreshGraceSec * 1000) return null;
    return openWithToken(presented, record.successorSealed);
  }

  return {
    startSession,

    async refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair & { tokens: TokenPair }> {
      const tokenHash = sha256Hex(refreshToken);
      const record = await refreshTokens.findByHash(db, tokenHash);
      const now = nowIso();
      const invalid = () => new DomainError('AUTH_TOKEN_INVALID', SESSION_EXPIRED);
      if (!record || record.familyRevokedAt || record.familyExpiresAt <= now) throw invalid();
      if (!record.usedAt && record.expiresAt <= now) throw invalid();
      const user = await users.findById(record.userId);
      if (!user || !user.active) throw invalid();
      let successor = record.usedAt ? null : await rotate(record, refreshToken);
      if (!successor) {
        // Another request rotated it, earlier or just now: within the grace window its successor stands.
        const rotated = record.usedAt ? record : await refreshTokens.findByHash(db, tokenHash);
        successor = successorWithinGrace(rotated, refreshToken);
      }
      if (!successor) {
        // A rotated token came back after the grace window: someone holds a copy, so the whole family dies.
        await refreshTokens.revokeFamily(db, record.familyId, now, 'reuse');
        await principals.invalidate({ userId: record.userId });
        await audit('auth.refresh.reused', meta, { userId: record.userId });
        throw new DomainError('AUTH_REFRESH_REUSED', SESSION_EXPIRED);
      }
      const accessToken = await accessTokenFor(user, record.familyId);
      return { accessToken, refreshToken: successor, tokens: { accessToken, refreshToken: successor } };
    },

    /** Ends the session the access token belongs to, and the one of the refresh token if it is the caller's. */
    async logout(
      caller: { userId: string; sessionId: string | null },
      refreshToken: string | undefined,
      meta: RequestMeta,
    ): Promise<void> {
      const now = nowIso();
      if (caller.sessionId) await refreshTokens.revokeFamily(db, caller.sessionId, now, 'logout');
      const record = refreshToken ? await refreshTokens.findByHash(db, sha256Hex(refreshToken)) : undefined;
      if (record && record.userId === caller.userId) {
        await refreshTokens.revokeFamily(db, record.familyId, now, 'logout');
      }
      // Access tokens of the ended sessions stop working on every instance at their next request.
      await principals.invalidate({ userId: caller.userId });
      await audit('auth.logout', meta, { userId: caller.userId });
    },
  };
}
