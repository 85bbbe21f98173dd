import type { ComponentType, LazyExoticComponent } from 'react';
import { ACCESS, type Access } from '../core/access';
import { lazyComponent } from '../core/lazyComponent';

/** The desktop console's settings; linked from the user menu on the desktop only. */
export const DESKTOP_SETTINGS_PATH = '/desktop-settings';

export interface PageRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  access?: Access;
}

/**
 * The route table (spec 000 §2). One line per route; every page is its own chunk.
 * FRAMED: signed in, inside the page frame and the per-route error guard.
 * STANDALONE: signed in, without the frame.  PUBLIC: no sign-in needed, no frame.
 * `access` guards a page by role and tenant (see access.ts); the home at / chooses its own content.
 */
// prettier-ignore
export const FRAMED_ROUTES: PageRoute[] = [
  { path: '/', page: lazyComponent(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
  { path: '/calls/:callId', page: lazyComponent(() => import('../features/calls/CallDetailPage'), 'CallDetailPage'), access: ACCESS.tenant },
  { path: '/campaigns', page: lazyComponent(() => import('../features/campaigns/CampaignsPage'), 'CampaignsPage'), access: ACCESS.tenant },
  { path: '/campaigns/do-not-call', page: lazyComponent(() => import('../features/do-not-call/DoNotCallPage'), 'DoNotCallPage'), access: ACCESS.tenant },
  { path: '/campaigns/:id', page: lazyComponent(() => import('../features/campaigns/CampaignDetailPage'), 'CampaignDetailPage'), access: ACCESS.tenant },
  { path: '/campaigns/:id/draft', page: lazyComponent(() => import('../features/contact-drafts/ContactDraftPage'), 'ContactDraftPage'), access: ACCESS.tenant },
  { path: '/campaigns/:id/analytics', page: lazyComponent(() => import('../features/campaigns/CampaignDetailPage'), 'CampaignDetailPage'), access: ACCESS.tenant },
  { path: '/callbacks', page: lazyComponent(() => import('../features/callbacks/CallbacksPage'), 'CallbacksPage'), access: ACCESS.tenant },
  { path: '/phone-numbers', page: lazyComponent(() => import('../features/phone-numbers/PhoneNumbersPage'), 'PhoneNumbersPage'), access: ACCESS.tenant },
  { path: '/billing', page: lazyComponent(() => import('../features/billing/BillingPage'), 'BillingPage'), access: ACCESS.tenant },
  { path: '/payment-method', page: lazyComponent(() => import('../features/billing/BillingPage'), 'BillingPage'), access: ACCESS.tenant },
  { path: '/admin/billing', page: lazyComponent(() => import('../features/admin/AdminBillingPage'), 'AdminBillingPage'), access: ACCESS.superadmin },
  { path: '/operations', page: lazyComponent(() => import('../features/operations/OperationsPage'), 'OperationsPage'), access: ACCESS.operations },
  { path: '/admin/operations', page: lazyComponent(() => import('../features/operations/PlatformOperationsPage'), 'PlatformOperationsPage'), access: ACCESS.superadmin },
  { path: '/admin/plans', page: lazyComponent(() => import('../features/admin/AdminPlansPage'), 'AdminPlansPage'), access: ACCESS.superadmin },
  { path: '/account', page: lazyComponent(() => import('../features/account/AccountPage'), 'AccountPage'), access: ACCESS.account },
  { path: '/account/webhooks', page: lazyComponent(() => import('../features/webhooks/WebhooksPage'), 'WebhooksPage'), access: ACCESS.webhooks },
  { path: '/tenant-management', page: lazyComponent(() => import('../features/account/AccountPage'), 'AccountPage'), access: ACCESS.account },
  { path: '/agents/:agentId/analytics', page: lazyComponent(() => import('../features/agents/AgentAnalyticsPage'), 'AgentAnalyticsPage'), access: ACCESS.tenant },
  { path: '/api-keys', page: lazyComponent(() => import('../features/api-keys/ApiKeysPage'), 'ApiKeysPage'), access: ACCESS.apiKeys },
  { path: '/api-docs', page: lazyComponent(() => import('../features/api-docs/ApiReferencePage'), 'ApiReferencePage') },
  { path: DESKTOP_SETTINGS_PATH, page: lazyComponent(() => import('../features/desktop-settings/DesktopSettingsPage'), 'DesktopSettingsPage') },
];

// prettier-ignore
export const STANDALONE_ROUTES: PageRoute[] = [
  { path: '/billing-setup', page: lazyComponent(() => import('../features/billing/BillingSetupPage'), 'BillingSetupPage'), access: ACCESS.tenant },
];

// prettier-ignore
export const PUBLIC_ROUTES: PageRoute[] = [
  { path: '/auth', page: lazyComponent(() => import('../features/auth/AuthPage'), 'AuthPage') },
  { path: '/register', page: lazyComponent(() => import('../features/account-screens/RegisterPage'), 'RegisterPage') },
  { path: '/reset-password', page: lazyComponent(() => import('../features/account-screens/ResetPasswordPage'), 'ResetPasswordPage') },
  { path: '/verify-email', page: lazyComponent(() => import('../features/account-screens/VerifyEmailPage'), 'VerifyEmailPage') },
];
