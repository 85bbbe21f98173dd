/** What an API key may do with the methods of a route (spec 000 §6, spec 001 §3). */
export const API_KEY_SCOPES = ['read_only', 'read_write', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Which parts of the API a key reaches (spec 000 §6), in the spec's order. */
export const API_KEY_PERMISSIONS = [
  'agents:read',
  'agents:write',
  'agents:delete',
  'calls:read',
  'calls:write',
  'campaigns:read',
  'campaigns:write',
  'campaigns:delete',
  'phone_numbers:read',
  'usage:read',
  'outbound:read',
  'outbound:write',
] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** Team and key management: no permission of the list covers it; only a key of the admin scope reaches it. */
export const MANAGEMENT = 'management';
/** Needs no credentials at all. */
export const PUBLIC = 'public';
/** Needs a signed-in user's access token; no API key reaches it. */
export const SESSION_ONLY = 'session-only';

/**
 * What one method of a route needs: nothing, a session, or for an API key a permission or the admin scope. The route
 * table (shared/api/routes.ts) states it per route; a route not in the table refuses keys (deny by default).
 */
export type KeyRequirement = ApiKeyPermission | typeof MANAGEMENT | typeof PUBLIC | typeof SESSION_ONLY;

const SCOPE_RANK: Record<ApiKeyScope, number> = { read_only: 0, read_write: 1, admin: 2 };

/** Whether a key of scope `held` may create or hold a key of scope `wanted`: never a wider one. */
export function scopeCovers(held: ApiKeyScope, wanted: ApiKeyScope): boolean {
  return SCOPE_RANK[held] >= SCOPE_RANK[wanted];
}

const isReadMethod = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Whether a key with this scope and these permissions may call `method` on a route with this requirement:
 * read_only reads, read_write reads and writes, admin also manages keys and the team. Unlisted routes refuse.
 */
export function keyMayCall(
  key: { scope: ApiKeyScope; permissions: readonly string[] },
  method: string,
  requirement: KeyRequirement | undefined,
): boolean {
  if (requirement === undefined || requirement === SESSION_ONLY || requirement === PUBLIC) return false;
  if (requirement === MANAGEMENT) return key.scope === 'admin';
  if (!key.permissions.includes(requirement)) return false;
  return isReadMethod(method) || key.scope !== 'read_only';
}
