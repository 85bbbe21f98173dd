import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';

/** A random token with 256 bits of entropy, URL-safe. */
export function randomToken(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Tokens are stored only as their SHA-256, so a database leak reveals none. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 256 * N * BLOCK_SIZE + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** scrypt with OWASP's parameters (N=2^17, r=8, p=1); the encoding records them so they can be raised later. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export interface PasswordCheck {
  valid: boolean;
  /** True when the stored hash is weaker than the configured cost and should be replaced. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, encoded: string, cost: number): Promise<PasswordCheck> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return { valid: false, needsRehash: false };
  const storedCost = Number(parts[1]);
  if (!Number.isInteger(storedCost) || storedCost < 10 || storedCost > 20) return { valid: false, needsRehash: false };
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const actual = await derive(password, salt, storedCost);
  const valid = actual.length === expected.length && timingSafeEqual(actual, expected);
  return { valid, needsRehash: valid && storedCost < cost };
}

/**
 * The installation's own signing secret, kept in a file readable by its owner only (0600). Created on first use
 * unless `create` is false; the exclusive create means two instances starting at once end up with the same secret.
 */
export function readSecretFile(file: string, options: { create: boolean }): string | undefined {
  const read = () => {
    try {
      const existing = fs.readFileSync(file, 'utf8').trim();
      return existing.length >= 32 ? existing : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const existing = read();
  if (existing || !options.create) return existing;
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}

const SEAL_IV_BYTES = 12;
const SEAL_TAG_BYTES = 16;

/** An AES-256-GCM key that only a holder of the token can derive; the token itself is never stored. */
function keyOfToken(token: string): Buffer {
  return createHmac('sha256', token).update('parley sealed-by-token v1').digest();
}

/** Encrypts a value so that only someone presenting `token` can read it back. */
export function sealWithToken(token: string, plaintext: string): string {
  const iv = randomBytes(SEAL_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOfToken(token), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The value sealed with `token`, or null when the token is not the one it was sealed with. */
export function openWithToken(token: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= SEAL_IV_BYTES + SEAL_TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOfToken(token), bytes.subarray(0, SEAL_IV_BYTES));
    decipher.setAuthTag(bytes.subarray(SEAL_IV_BYTES, SEAL_IV_BYTES + SEAL_TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(SEAL_IV_BYTES + SEAL_TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
