import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyComponent } from './lazyComponent';

export interface PageRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

/**
 * The route table (spec 000 §2). One line per route; every page is its own chunk.
 * FRAMED: signed in, inside the page frame and the per-route error guard.
 * STANDALONE: signed in, without the frame.  PUBLIC: no sign-in needed, no frame.
 */
// prettier-ignore
export const FRAMED_ROUTES: PageRoute[] = [
  { path: '/', page: lazyComponent(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
  { path: '/calls/:callId', page: lazyComponent(() => import('../features/calls/CallDetailPage'), 'CallDetailPage') },
  { path: '/campaigns', page: lazyComponent(() => import('../features/campaigns/CampaignsPage'), 'CampaignsPage') },
  { path: '/campaigns/:id', page: lazyComponent(() => import('../features/campaigns/CampaignDetailPage'), 'CampaignDetailPage') },
  { path: '/phone-numbers', page: lazyComponent(() => import('../features/phone-numbers/PhoneNumbersPage'), 'PhoneNumbersPage') },
  { path: '/billing', page: lazyComponent(() => import('../features/billing/BillingPage'), 'BillingPage') },
  { path: '/payment-method', page: lazyComponent(() => import('../features/billing/BillingPage'), 'BillingPage') },
  { path: '/admin/billing', page: lazyComponent(() => import('../features/admin/AdminBillingPage'), 'AdminBillingPage') },
  { path: '/admin/plans', page: lazyComponent(() => import('../features/admin/AdminPlansPage'), 'AdminPlansPage') },
  { path: '/account', page: lazyComponent(() => import('../features/account/AccountPage'), 'AccountPage') },
  { path: '/tenant-management', page: lazyComponent(() => import('../features/account/AccountPage'), 'AccountPage') },
  { path: '/agents/:agentId/analytics', page: lazyComponent(() => import('../features/agents/AgentAnalyticsPage'), 'AgentAnalyticsPage') },
  { path: '/api-keys', page: lazyComponent(() => import('../features/api-keys/ApiKeysPage'), 'ApiKeysPage') },
];

// prettier-ignore
export const STANDALONE_ROUTES: PageRoute[] = [
  { path: '/billing-setup', page: lazyComponent(() => import('../features/billing/BillingSetupPage'), 'BillingSetupPage') },
];

// prettier-ignore
export const PUBLIC_ROUTES: PageRoute[] = [
  { path: '/auth', page: lazyComponent(() => import('../features/auth/AuthPage'), 'AuthPage') },
  { path: '/register', page: lazyComponent(() => import('../features/account-screens/RegisterPage'), 'RegisterPage') },
  { path: '/reset-password', page: lazyComponent(() => import('../features/account-screens/ResetPasswordPage'), 'ResetPasswordPage') },
  { path: '/verify-email', page: lazyComponent(() => import('../features/account-screens/VerifyEmailPage'), 'VerifyEmailPage') },
];
