import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { ACCESS, decideAccess, isPlatformAccount, mayCall } from './access';

const member = { role: 'user', tenantId: 't1' } as const;
const admin = { role: 'admin', tenantId: 't1' } as const;
const tenantSuperadmin = { role: 'superadmin', tenantId: 't1' } as const;
const platformSuperadmin = { role: 'superadmin', tenantId: null } as const;

describe('decideAccess', () => {
  it('lets everyone signed in open a screen without rules', () => {
    for (const viewer of [member, admin, platformSuperadmin])
      expect(decideAccess(undefined, viewer).allowed).toBe(true);
  });

  it('keeps members out of the account page with the spec text, and lets admins in', () => {
    expect(decideAccess(ACCESS.account, member)).toEqual({
      allowed: false,
      reason: 'role',
      text: 'Access Denied: You are not authorized to manage this account.',
    });
    expect(decideAccess(ACCESS.account, admin).allowed).toBe(true);
    expect(decideAccess(ACCESS.account, tenantSuperadmin).allowed).toBe(true);
  });

  it('keeps members out of API keys with the spec text', () => {
    expect(decideAccess(ACCESS.apiKeys, member)).toMatchObject({
      allowed: false,
      text: 'You need administrator privileges to manage API keys.',
    });
    expect(decideAccess(ACCESS.apiKeys, admin).allowed).toBe(true);
  });

  it('lets only superadmins into the admin screens', () => {
    expect(decideAccess(ACCESS.superadmin, member)).toMatchObject({
      allowed: false,
      reason: 'role',
      text: "You don't have permission to perform this action.",
    });
    expect(decideAccess(ACCESS.superadmin, admin).allowed).toBe(false);
    expect(decideAccess(ACCESS.superadmin, platformSuperadmin).allowed).toBe(true);
  });

  it('turns an account without a tenant away from tenant screens, after the role check', () => {
    expect(decideAccess(ACCESS.tenant, platformSuperadmin)).toEqual({ allowed: false, reason: 'no-tenant' });
    expect(decideAccess(ACCESS.apiKeys, platformSuperadmin)).toEqual({ allowed: false, reason: 'no-tenant' });
    expect(decideAccess(ACCESS.tenant, tenantSuperadmin).allowed).toBe(true);
    expect(decideAccess(ACCESS.account, { role: 'user', tenantId: null })).toMatchObject({ reason: 'role' });
    // The account page answers a missing tenant with the spec's own text.
    expect(decideAccess(ACCESS.account, platformSuperadmin).allowed).toBe(true);
  });

  it('refuses a screen with roles when nobody is signed in', () => {
    expect(decideAccess(ACCESS.superadmin, null).allowed).toBe(false);
  });
});

describe('isPlatformAccount', () => {
  it('is a superadmin without a tenant', () => {
    expect(isPlatformAccount(platformSuperadmin)).toBe(true);
    expect(isPlatformAccount(tenantSuperadmin)).toBe(false);
    expect(isPlatformAccount(admin)).toBe(false);
    expect(isPlatformAccount(null)).toBe(false);
  });
});

describe('mayCall', () => {
  it('follows the route table: members read billing but change nothing, admins change it, nobody signed out', () => {
    expect(mayCall(member, apiRoutes.billing.subscription, 'GET')).toBe(true);
    for (const [route, method] of [
      [apiRoutes.billing.cancelSubscription, 'POST'],
      [apiRoutes.billing.setupIntent, 'POST'],
      [apiRoutes.billing.createPortalSession, 'POST'],
    ] as const) {
      expect(mayCall(member, route, method)).toBe(false);
      expect(mayCall(admin, route, method)).toBe(true);
      expect(mayCall(null, route, method)).toBe(false);
    }
    expect(mayCall(admin, apiRoutes.admin.plans, 'POST')).toBe(false);
    expect(mayCall(platformSuperadmin, apiRoutes.admin.plans, 'POST')).toBe(true);
  });
});
