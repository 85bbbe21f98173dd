import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** HS256 JSON Web Tokens with a key made once; only this header is ever accepted, so alg tricks fail. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface JwtSigner {
  sign(claims: Record<string, unknown>, ttlSec: number, nowSec: number): string;
  /**
   * The claims of a valid token, or null for any malformed, forged, expired or not-yet-valid one, and for any
   * whose lifetime (exp − iat) is longer than this signer ever issues.
   */
  verify(token: string, nowSec: number): Record<string, unknown> | null;
}

export interface JwtSignerOptions {
  issuer: string;
  audience: string;
  /** The longest lifetime a token of this signer may carry; sign() refuses more, verify() rejects more. */
  maxLifetimeSec: number;
}

export function createJwtSigner(secret: string, options: JwtSignerOptions): JwtSigner {
  const { issuer, audience, maxLifetimeSec } = options;
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  const mac = (input: string) => createHmac('sha256', key).update(input).digest();
  return {
    sign(claims, ttlSec, nowSec) {
      if (ttlSec > maxLifetimeSec) throw new RangeError(`A token may live at most ${maxLifetimeSec} s`);
      const payload = Buffer.from(
        JSON.stringify({ ...claims, iss: issuer, aud: audience, iat: nowSec, nbf: nowSec, exp: nowSec + ttlSec }),
      ).toString('base64url');
      const body = `${HEADER}.${payload}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(token, nowSec) {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== HEADER) return null;
      const [header, payload, signature] = parts as [string, string, string];
      const expected = mac(`${header}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: Record<string, unknown>;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      } catch {
        return null;
      }
      if (claims.iss !== issuer || claims.aud !== audience) return null;
      if (typeof claims.exp !== 'number' || claims.exp <= nowSec) return null;
      if (typeof claims.iat !== 'number' || claims.exp - claims.iat > maxLifetimeSec) return null;
      if (typeof claims.nbf === 'number' && claims.nbf > nowSec + 30) return null;
      return claims;
    },
  };
}
