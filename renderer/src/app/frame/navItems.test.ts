import { describe, expect, it } from 'vitest';
import { API_KEYS_ITEM, initialsOf, isAllowed, isNavItemActive, NAV_ITEMS, navItemsFor } from './navItems';

const labels = (viewer: Parameters<typeof navItemsFor>[0]) => navItemsFor(viewer).map((item) => item.label);
const COMMON = ['Dashboard', 'Campaigns', 'Phone Numbers', 'Billing'];

describe('navItemsFor', () => {
  it('gives users the four common links', () => {
    expect(labels({ role: 'user', tenantId: 't1' })).toEqual(COMMON);
  });
  it('adds Account for admins', () => {
    expect(labels({ role: 'admin', tenantId: 't1' })).toEqual([...COMMON, 'Account']);
  });
  it('adds Admin Billing and Admin Plans for superadmins', () => {
    expect(labels({ role: 'superadmin', tenantId: 't1' })).toEqual([
      ...COMMON,
      'Account',
      'Admin Billing',
      'Admin Plans',
    ]);
  });
  it('shows a superadmin without a tenant Account (spec 000 §2) and no tenant screens', () => {
    expect(labels({ role: 'superadmin', tenantId: null })).toEqual([
      'Dashboard',
      'Account',
      'Admin Billing',
      'Admin Plans',
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
});

describe('initialsOf', () => {
  it('takes the first two letters of the e-mail in upper case', () => {
    expect(initialsOf('dana@example.com')).toBe('DA');
    expect(initialsOf('x@example.com')).toBe('X@');
    expect(initialsOf(undefined)).toBe('');
  });
});
