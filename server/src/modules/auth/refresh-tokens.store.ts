import { toIso, type Db } from '../../db/database';
import { newId } from '../../lib/ids';

export interface RefreshTokenRecord {
  id: string;
  familyId: string;
  userId: string;
  expiresAt: string;
  usedAt: string | null;
  /** The successor, sealed with this token (see migration 0005); set when the token was rotated. */
  successorSealed: string | null;
  familyExpiresAt: string;
  familyRevokedAt: string | null;
}

export async function createFamily(db: Db, userId: string, nowIso: string, expiresAtIso: string): Promise<string> {
  const id = newId();
  await db('refresh_token_families').insert({ id, user_id: userId, created_at: nowIso, expires_at: expiresAtIso });
  return id;
}

export async function insertToken(
  db: Db,
  familyId: string,
  tokenHash: string,
  nowIso: string,
  expiresAtIso: string,
): Promise<void> {
  await db('refresh_tokens').insert({
    id: newId(),
    family_id: familyId,
    token_hash: tokenHash,
    created_at: nowIso,
    expires_at: expiresAtIso,
  });
}

export async function findByHash(db: Db, tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  const row = await db('refresh_tokens as t')
    .join('refresh_token_families as f', 'f.id', 't.family_id')
    .where('t.token_hash', tokenHash)
    .first(
      't.id',
      't.family_id',
      'f.user_id',
      't.expires_at',
      't.used_at',
      't.successor_sealed',
      'f.expires_at as family_expires_at',
      'f.revoked_at as family_revoked_at',
    );
  if (!row) return undefined;
  return {
    id: row.id,
    familyId: row.family_id,
    userId: row.user_id,
    expiresAt: toIso(row.expires_at),
    usedAt: row.used_at ? toIso(row.used_at) : null,
    successorSealed: row.successor_sealed ?? null,
    familyExpiresAt: toIso(row.family_expires_at),
    familyRevokedAt: row.family_revoked_at ? toIso(row.family_revoked_at) : null,
  };
}

/**
 * Marks a token used and records its sealed successor in one conditional update; false when another request
 * rotated it first. On PostgreSQL the loser waits for the winner's commit, so it then reads the winner's successor.
 */
export async function markRotated(db: Db, tokenId: string, nowIso: string, successorSealed: string): Promise<boolean> {
  const changed = await db('refresh_tokens')
    .where({ id: tokenId })
    .whereNull('used_at')
    .update({ used_at: nowIso, successor_sealed: successorSealed });
  return changed === 1;
}

export async function revokeFamily(db: Db, familyId: string, nowIso: string, reason: string): Promise<void> {
  await db('refresh_token_families')
    .where({ id: familyId })
    .whereNull('revoked_at')
    .update({ revoked_at: nowIso, revoked_reason: reason });
}

export async function revokeAllForUser(db: Db, userId: string, nowIso: string, reason: string): Promise<void> {
  await db('refresh_token_families')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: nowIso, revoked_reason: reason });
}
