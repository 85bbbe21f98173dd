import { describe, expect, it } from 'vitest';
import { API_KEYS_ITEM, initialsOf, isAllowed, isNavItemActive, NAV_ITEMS, navItemsFor } from './navItems';

const labels = (viewer: Parameters<typeof navItemsFor>[0]) => navItemsFor(viewer).map((item) => item.label);
const COMMON = ['Dashboard', 'Campaigns', 'Callbacks', 'Phone Numbers', 'Billing'];

describe('navItemsFor', () => {
  it('gives users the common links', () => {
    expect(labels({ role: 'user', tenantId: 't1' })).toEqual(COMMON);
  });
  it('adds Operations and Account for admins', () => {
    expect(labels({ role: 'admin', tenantId: 't1' })).toEqual([...COMMON, 'Operations', 'Account']);
  });
  it('adds the admin area for superadmins', () => {
    expect(labels({ role: 'superadmin', tenantId: 't1' })).toEqual([
      ...COMMON,
      'Operations',
      'Account',
      'Admin Billing',
      'Admin Plans',
      'Admin Operations',
    ]);
  });
  it('shows a superadmin without a tenant Account (spec 000 §2) and no tenant screens', () => {
    expect(labels({ role: 'superadmin', tenantId: null })).toEqual([
      'Dashboard',
      'Account',
      'Admin Billing',
      'Admin Plans',
      'Admin Operations',
    ]);
    expect(isAllowed(API_KEYS_ITEM, { role: 'superadmin', tenantId: null })).toBe(false);
  });
  it('offers API Keys to admins only', () => {
    expect(isAllowed(API_KEYS_ITEM, { role: 'admin', tenantId: 't1' })).toBe(true);
    expect(isAllowed(API_KEYS_ITEM, { role: 'user', tenantId: 't1' })).toBe(false);
  });
});

describe('isNavItemActive', () => {
  const byLabel = (label: string) => NAV_ITEMS.find((item) => item.label === label)!;
  it('matches the dashboard only on /', () => {
    expect(isNavItemActive(byLabel('Dashboard'), '/')).toBe(true);
    expect(isNavItemActive(byLabel('Dashboard'), '/campaigns')).toBe(false);
  });
  it('matches nested paths and aliases', () => {
    expect(isNavItemActive(byLabel('Campaigns'), '/campaigns/42')).toBe(true);
    expect(isNavItemActive(byLabel('Campaigns'), '/campaignsx')).toBe(false);
    expect(isNavItemActive(byLabel('Billing'), '/payment-method')).toBe(true);
    expect(isNavItemActive(byLabel('Account'), '/tenant-management')).toBe(true);
    expect(isNavItemActive(byLabel('Billing'), '/admin/billing')).toBe(false);
  });
  it('keeps Campaigns lit on the do-not-call list, which is reached from it', () => {
    expect(isNavItemActive(byLabel('Campaigns'), '/campaigns/do-not-call')).toBe(true);
  });
});

describe('initialsOf', () => {
  it('takes the first two letters of the e-mail in upper case', () => {
    expect(initialsOf('dana@example.com')).toBe('DA');
    expect(initialsOf('x@example.com')).toBe('X@');
    expect(initialsOf(undefined)).toBe('');
  });
});
