import type { AuthUser } from '@shared/api/auth.types';
import type { Role } from '@shared/domain/roles';
import { ACCESS, decideAccess, type Access } from '../../core/access';

export interface NavItem {
  label: string;
  to: string;
  /** Other paths that show the same screen and so highlight this link. */
  aliases?: string[];
  /** The access rule of the screen it leads to: a link is shown only to those the screen lets in. */
  access?: Access;
}

/** The header links of spec 000 §2; who sees each follows its screen's rule (spec 000 §6). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/' },
  { label: 'Campaigns', to: '/campaigns', access: ACCESS.tenant },
  { label: 'Callbacks', to: '/callbacks', access: ACCESS.tenant },
  { label: 'Phone Numbers', to: '/phone-numbers', access: ACCESS.tenant },
  { label: 'Billing', to: '/billing', aliases: ['/payment-method'], access: ACCESS.tenant },
  { label: 'Operations', to: '/operations', access: ACCESS.operations },
  { label: 'Account', to: '/account', aliases: ['/tenant-management'], access: ACCESS.account },
  { label: 'Admin Billing', to: '/admin/billing', access: ACCESS.superadmin },
  { label: 'Admin Plans', to: '/admin/plans', access: ACCESS.superadmin },
  { label: 'Admin Operations', to: '/admin/operations', access: ACCESS.superadmin },
];

export const API_KEYS_ITEM: NavItem = { label: 'API Keys', to: '/api-keys', access: ACCESS.apiKeys };

type Viewer = Pick<AuthUser, 'role' | 'tenantId'> | null | undefined;

export function navItemsFor(viewer: Viewer): NavItem[] {
  return NAV_ITEMS.filter((item) => isAllowed(item, viewer));
}

export function isAllowed(item: NavItem, viewer: Viewer): boolean {
  return decideAccess(item.access, viewer).allowed;
}

/** Dashboard matches only '/', the others their own path and everything under it (the do-not-call list is Campaigns'). */
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
