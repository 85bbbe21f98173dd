import type { ApiKeyPermission, ApiKeyScope } from './permissions';

/** An API key as the list shows it (spec 001 §3); the secret is never part of it. */
export interface ApiKey {
  id: string;
  name: string;
  description: string | null;
  /** `prly_` and the key's id, so an admin can tell which key a client holds. */
  prefix: string;
  /** The key's last four characters, shown after the prefix; null for keys made before they were kept. */
  lastFour: string | null;
  scope: ApiKeyScope;
  permissions: ApiKeyPermission[];
  expiresAt: string | null;
  active: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** GET /api/admin/api-keys */
export interface ApiKeysResponse {
  apiKeys: ApiKey[];
}

/** POST /api/admin/api-keys: the one answer that carries the secret. */
export interface CreatedApiKeyResponse {
  apiKey: string;
  key: ApiKey;
}

/** PATCH /api/admin/api-keys/:id */
export interface ApiKeyResponse {
  key: ApiKey;
}
