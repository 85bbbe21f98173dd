export const BILLING_SETUP_PATH = '/billing-setup';

/**
 * Paths the billing gate never redirects from: those of spec 000 §4 (setup, sign-in, any path beginning
 * /accept-invitation) and the account e-mail screens, whose links must work while a tenant is still setting up.
 */
const EXEMPT_PATHS = [BILLING_SETUP_PATH, '/auth', '/register', '/reset-password', '/verify-email'];

export function isBillingGateExempt(pathname: string): boolean {
  if (pathname.startsWith('/accept-invitation')) return true;
  return EXEMPT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
