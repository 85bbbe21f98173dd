import type { ApiKey } from '@shared/api/api-keys.types';
import { API_KEY_PERMISSIONS, type ApiKeyPermission, type ApiKeyScope } from '@shared/api/permissions';
import { parseJson, toBool, toIso, toIsoOrNull, type Db } from '../../db/database';

const KEY_COLUMNS = [
  'id',
  'name',
  'description',
  'key_prefix',
  'key_last_four',
  'scope',
  'permissions',
  'expires_at',
  'active',
  'created_at',
  'last_used_at',
  'last_used_ip',
] as const;

/** Only permissions of the list survive a read, whatever the column holds. */
function toPermissions(value: unknown): ApiKeyPermission[] {
  const stored = parseJson<unknown>(value, []);
  return Array.isArray(stored) ? API_KEY_PERMISSIONS.filter((permission) => stored.includes(permission)) : [];
}

function toApiKey(row: Record<string, unknown>): ApiKey {
  return {
    id: String(row.id),
    name: String(row.name),
    description: (row.description as string | null) ?? null,
    prefix: String(row.key_prefix),
    lastFour: (row.key_last_four as string | null) ?? null,
    scope: row.scope as ApiKeyScope,
    permissions: toPermissions(row.permissions),
    expiresAt: toIsoOrNull(row.expires_at),
    active: toBool(row.active),
    createdAt: toIso(row.created_at),
    lastUsedAt: toIsoOrNull(row.last_used_at),
    lastUsedIp: (row.last_used_ip as string | null) ?? null,
  };
}

export async function listApiKeys(db: Db, tenantId: string): Promise<ApiKey[]> {
  const rows = await db('api_keys')
    .where({ tenant_id: tenantId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select(...KEY_COLUMNS);
  return rows.map(toApiKey);
}

export async function findApiKey(db: Db, tenantId: string, id: string): Promise<ApiKey | undefined> {
  const row = await db('api_keys')
    .where({ id, tenant_id: tenantId })
    .first(...KEY_COLUMNS);
  return row ? toApiKey(row) : undefined;
}

export interface NewApiKey {
  id: string;
  tenantId: string;
  name: string;
  description: string | null;
  prefix: string;
  lastFour: string;
  keyHash: string;
  scope: ApiKeyScope;
  permissions: ApiKeyPermission[];
  expiresAt: string | null;
  createdByUserId: string | null;
}

export async function insertApiKey(db: Db, key: NewApiKey, now: string): Promise<void> {
  await db('api_keys').insert({
    id: key.id,
    tenant_id: key.tenantId,
    name: key.name,
    description: key.description,
    key_prefix: key.prefix,
    key_last_four: key.lastFour,
    api_key_hash: key.keyHash,
    permissions: JSON.stringify(key.permissions),
    scope: key.scope,
    active: true,
    expires_at: key.expiresAt,
    created_by_user_id: key.createdByUserId,
    created_at: now,
    updated_at: now,
  });
}

export async function updateApiKey(
  db: Db,
  tenantId: string,
  id: string,
  change: { name?: string; description?: string | null; active?: boolean },
  now: string,
): Promise<boolean> {
  const columns: Record<string, unknown> = { updated_at: now };
  if (change.name !== undefined) columns.name = change.name;
  if (change.description !== undefined) columns.description = change.description;
  if (change.active !== undefined) columns.active = change.active;
  return (await db('api_keys').where({ id, tenant_id: tenantId }).update(columns)) === 1;
}

export async function deleteApiKey(db: Db, tenantId: string, id: string): Promise<boolean> {
  return (await db('api_keys').where({ id, tenant_id: tenantId }).delete()) === 1;
}

/**
 * Records where and when a key was last used, unless a use in the last `coalesceSec` is already recorded: one
 * conditional write per key and minute however many instances and requests, and none when nothing would change.
 */
export async function recordApiKeyUse(
  db: Db,
  id: string,
  ip: string,
  now: string,
  recordedAfter: string,
): Promise<void> {
  await db('api_keys')
    .where({ id })
    .andWhere((query) => query.whereNull('last_used_at').orWhere('last_used_at', '<=', recordedAfter))
    .update({ last_used_at: now, last_used_ip: ip.slice(0, 64) });
}
