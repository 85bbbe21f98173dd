import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

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
