import type { Role } from '@shared/domain/roles';

export interface NavItem {
  label: string;
  to: string;
  /** Other paths that show the same screen and so highlight this link. */
  aliases?: string[];
  roles?: readonly Role[];
}

const ADMINS: readonly Role[] = ['admin', 'superadmin'];
const SUPERADMINS: readonly Role[] = ['superadmin'];

/** The header links of spec 000 §2, by role. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/' },
  { label: 'Campaigns', to: '/campaigns' },
  { label: 'Phone Numbers', to: '/phone-numbers' },
  { label: 'Billing', to: '/billing', aliases: ['/payment-method'] },
  { label: 'Account', to: '/account', aliases: ['/tenant-management'], roles: ADMINS },
  { label: 'Admin Billing', to: '/admin/billing', roles: SUPERADMINS },
  { label: 'Admin Plans', to: '/admin/plans', roles: SUPERADMINS },
];

export const API_KEYS_ITEM: NavItem = { label: 'API Keys', to: '/api-keys', roles: ADMINS };

export function navItemsFor(role: Role | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => isAllowed(item, role));
}

export function isAllowed(item: NavItem, role: Role | undefined): boolean {
  return !item.roles || (role !== undefined && item.roles.includes(role));
}

/** Dashboard matches only '/', the others their own path and everything under it. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.aliases ?? [])].some((path) =>
    path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`),
  );
}

/** The user menu's avatar text: the first two letters of the e-mail in upper case. */
export function initialsOf(email: string | undefined): string {
  return (email ?? '').slice(0, 2).toUpperCase();
}

export const ROLE_LABELS: Record<Role, string> = { user: 'User', admin: 'Admin', superadmin: 'Superadmin' };
