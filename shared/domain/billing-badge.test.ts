import { describe, expect, it } from 'vitest';
import { accountStatusBadge, billingStatusBadge } from './billing-badge';

describe('account status badge (spec 001 §4)', () => {
  it('reads Active only when the subscription and the billing status are both active', () => {
    expect(accountStatusBadge('active', 'active').label).toBe('Active');
    expect(accountStatusBadge('active', 'delinquent').label).toBe('Active');
    expect(accountStatusBadge('past_due', 'active').label).toBe('Past Due');
  });

  it('shows the subscription status when there is one, trialing as Trial', () => {
    expect(accountStatusBadge('trialing', 'trialing').label).toBe('Trial');
    expect(accountStatusBadge('unpaid', 'delinquent').label).toBe('Unpaid');
    expect(accountStatusBadge('canceled', 'canceled').label).toBe('Canceled');
  });

  it('falls back to the billing status, inactive as Setup Required and delinquent as Payment Required', () => {
    expect(accountStatusBadge(null, 'inactive').label).toBe('Setup Required');
    expect(accountStatusBadge(undefined, 'delinquent').label).toBe('Payment Required');
    expect(billingStatusBadge('trialing').label).toBe('Trial');
  });
});
