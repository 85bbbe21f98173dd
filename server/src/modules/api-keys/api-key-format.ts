import { randomBytes } from 'node:crypto';
import { randomToken, sha256Hex } from '../../lib/secrets';

/** Every key starts with this, so a key is told from an access token, and a leaked one is easy to search for. */
export const API_KEY_MARK = 'prly_';

/**
 * A key is `prly_<id>_<secret>` (SECURITY D1): the id, 16 hex digits, names the key in lists and logs; the secret is
 * 256 random bits in base64url, and only its SHA-256 is stored.
 */
const CURRENT_FORMAT = /^prly_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
/** Keys made before the id was part of them: `prly_<secret>`, stored as the SHA-256 of the whole key. */
const LEGACY_PREFIX_LENGTH = API_KEY_MARK.length + 8;

export interface MintedApiKey {
  /** The whole key, shown once. */
  key: string;
  /** `prly_<id>`: what lists, audit entries and refusals show. */
  prefix: string;
  /** The key's last four characters, shown in lists after the prefix. */
  lastFour: string;
  /** What is stored to recognise the key. */
  secretHash: string;
}

export function mintApiKey(): MintedApiKey {
  const prefix = `${API_KEY_MARK}${randomBytes(8).toString('hex')}`;
  const secret = randomToken();
  return { key: `${prefix}_${secret}`, prefix, lastFour: secret.slice(-4), secretHash: sha256Hex(secret) };
}

/** A presented key as the lookup needs it: the stored hash to find, and the prefix the found key must have. */
export interface PresentedApiKey {
  prefix: string;
  lookupHash: string;
}

/** Reads a presented key of either format; null when it is not an API key of ours at all. */
export function readPresentedApiKey(presented: string): PresentedApiKey | null {
  const current = CURRENT_FORMAT.exec(presented);
  if (current) return { prefix: `${API_KEY_MARK}${current[1]}`, lookupHash: sha256Hex(current[2] as string) };
  if (!presented.startsWith(API_KEY_MARK)) return null;
  return { prefix: presented.slice(0, LEGACY_PREFIX_LENGTH), lookupHash: sha256Hex(presented) };
}
