import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@shared/api/auth.types';
import { sessionSlice, signedIn, tokensRefreshed } from './sessionSlice';

/** An access token with these claims; its signature is the server's business and is not read here. */
const tokenWith = (claims: object) =>
  `header.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.signature`;

const member: AuthUser = {
  id: 'u1',
  email: 'member@example.test',
  name: 'Member',
  username: 'member',
  role: 'user',
  tenantId: 't1',
  emailVerified: true,
  isAdmin: false,
};

describe('session', () => {
  const signedInMember = sessionSlice.reducer(
    undefined,
    signedIn({ accessToken: tokenWith({ role: 'user', bst: 'active' }), refreshToken: 'r1', user: member }),
  );

  it('takes a role change from the refreshed token, so the screens follow it without a reload', () => {
    const promoted = sessionSlice.reducer(
      signedInMember,
      tokensRefreshed({ accessToken: tokenWith({ role: 'admin', bst: 'active' }), refreshToken: 'r2' }),
    );
    expect(promoted.user).toMatchObject({ role: 'admin', isAdmin: true });
    const demoted = sessionSlice.reducer(
      promoted,
      tokensRefreshed({ accessToken: tokenWith({ role: 'user', bst: 'active' }), refreshToken: 'r3' }),
    );
    expect(demoted.user).toMatchObject({ role: 'user', isAdmin: false });
  });

  it('keeps the role it has when the token names none it knows', () => {
    for (const claims of [{}, { role: 'owner' }]) {
      const refreshed = sessionSlice.reducer(
        signedInMember,
        tokensRefreshed({ accessToken: tokenWith(claims), refreshToken: 'r2' }),
      );
      expect(refreshed.user).toMatchObject({ role: 'user', isAdmin: false });
    }
  });
});
