import { describe, expect, it } from 'vitest';
import { initialsOf, isNavItemActive, NAV_ITEMS, navItemsFor } from './navItems';

const labels = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((item) => item.label);

describe('navItemsFor', () => {
  it('gives users the four common links', () => {
    expect(labels('user')).toEqual(['Dashboard', 'Campaigns', 'Phone Numbers', 'Billing']);
  });
  it('adds Account for admins', () => {
    expect(labels('admin')).toEqual(['Dashboard', 'Campaigns', 'Phone Numbers', 'Billing', 'Account']);
  });
  it('adds Admin Billing and Admin Plans for superadmins', () => {
    expect(labels('superadmin')).toEqual([
      'Dashboard',
      'Campaigns',
      'Phone Numbers',
      'Billing',
      'Account',
      'Admin Billing',
      'Admin Plans',
    ]);
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
