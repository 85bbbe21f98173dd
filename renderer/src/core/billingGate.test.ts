import { describe, expect, it } from 'vitest';
import { isBillingGateExempt } from './billingGate';

describe('isBillingGateExempt', () => {
  it('lets the setup, sign-in and invitation paths through', () => {
    for (const path of [
      '/billing-setup',
      '/auth',
      '/accept-invitation',
      '/accept-invitation/abc',
      '/accept-invitations',
    ]) {
      expect(isBillingGateExempt(path)).toBe(true);
    }
  });
  it('lets the account e-mail screens through', () => {
    for (const path of ['/register', '/reset-password', '/verify-email']) expect(isBillingGateExempt(path)).toBe(true);
  });
  it('gates everything else', () => {
    for (const path of ['/', '/campaigns', '/billing', '/billing-setupx', '/authors', '/api-keys']) {
      expect(isBillingGateExempt(path)).toBe(false);
    }
  });
});
