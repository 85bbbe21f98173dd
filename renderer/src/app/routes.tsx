import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

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
  { path: '/', page: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
  { path: '/calls/:callId', page: lazyPage(() => import('../features/calls/CallDetailPage'), 'CallDetailPage') },
  { path: '/campaigns', page: lazyPage(() => import('../features/campaigns/CampaignsPage'), 'CampaignsPage') },
  { path: '/campaigns/:id', page: lazyPage(() => import('../features/campaigns/CampaignDetailPage'), 'CampaignDetailPage') },
  { path: '/phone-numbers', page: lazyPage(() => import('../features/phone-numbers/PhoneNumbersPage'), 'PhoneNumbersPage') },
  { path: '/billing', page: lazyPage(() => import('../features/billing/BillingPage'), 'BillingPage') },
  { path: '/payment-method', page: lazyPage(() => import('../features/billing/BillingPage'), 'BillingPage') },
  { path: '/admin/billing', page: lazyPage(() => import('../features/admin/AdminBillingPage'), 'AdminBillingPage') },
  { path: '/admin/plans', page: lazyPage(() => import('../features/admin/AdminPlansPage'), 'AdminPlansPage') },
  { path: '/account', page: lazyPage(() => import('../features/account/AccountPage'), 'AccountPage') },
  { path: '/tenant-management', page: lazyPage(() => import('../features/account/AccountPage'), 'AccountPage') },
  { path: '/agents/:agentId/analytics', page: lazyPage(() => import('../features/agents/AgentAnalyticsPage'), 'AgentAnalyticsPage') },
  { path: '/api-keys', page: lazyPage(() => import('../features/api-keys/ApiKeysPage'), 'ApiKeysPage') },
];

// prettier-ignore
export const STANDALONE_ROUTES: PageRoute[] = [
  { path: '/billing-setup', page: lazyPage(() => import('../features/billing/BillingSetupPage'), 'BillingSetupPage') },
];

// prettier-ignore
export const PUBLIC_ROUTES: PageRoute[] = [
  { path: '/auth', page: lazyPage(() => import('../features/auth/AuthPage'), 'AuthPage') },
  { path: '/register', page: lazyPage(() => import('../features/account-screens/RegisterPage'), 'RegisterPage') },
  { path: '/reset-password', page: lazyPage(() => import('../features/account-screens/ResetPasswordPage'), 'ResetPasswordPage') },
  { path: '/verify-email', page: lazyPage(() => import('../features/account-screens/VerifyEmailPage'), 'VerifyEmailPage') },
];
