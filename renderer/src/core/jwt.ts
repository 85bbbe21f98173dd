/** The access token's readable claims (the signature is the server's business). */
export interface AccessTokenClaims {
  sub?: string;
  tid?: string | null;
  role?: string;
  bst?: string | null;
  exp?: number;
}

export function decodeAccessToken(token: string | null | undefined): AccessTokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as AccessTokenClaims) : null;
  } catch {
    return null;
  }
}
