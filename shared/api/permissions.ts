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
  // Listing, inviting and removing team members; only a key of the admin scope uses it (docs/api-key-rights.md).
  'team:manage',
  // Adding, changing and removing webhook endpoints, reading their delivery logs and redelivering.
  'webhooks:manage',
] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/**
 * Key management: only a key of the admin scope reaches it, to list, rename, deactivate and delete keys; creating
 * a key needs a session, and no key reactivates one (docs/api-key-rights.md).
 */
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

const isReadMethod = (method: string) => method === 'GET' || method === 'HEAD';

/** Permissions that only a key of the admin scope may use, whatever the method. */
const ADMIN_SCOPE_PERMISSIONS: ReadonlySet<KeyRequirement> = new Set<KeyRequirement>(['team:manage']);

/**
 * Whether a key with this scope and these permissions may call `method` on a route with this requirement:
 * read_only reads, read_write reads and writes, admin also manages keys and, with team:manage, the team. Unlisted
 * routes refuse. What a call may then change (never a key's own rights, never a role above the key) is the
 * services' rule.
 */
export function keyMayCall(
  key: { scope: ApiKeyScope; permissions: readonly string[] },
  method: string,
  requirement: KeyRequirement | undefined,
): boolean {
  if (requirement === undefined || requirement === SESSION_ONLY || requirement === PUBLIC) return false;
  if (requirement === MANAGEMENT) return key.scope === 'admin';
  if (!key.permissions.includes(requirement)) return false;
  if (ADMIN_SCOPE_PERMISSIONS.has(requirement)) return key.scope === 'admin';
  return isReadMethod(method) || key.scope !== 'read_only';
}
