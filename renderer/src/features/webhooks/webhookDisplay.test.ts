import { describe, expect, it } from 'vitest';
import { endpointStatus, successRate } from './webhookDisplay';

describe('webhook display', () => {
  it('names the state of an endpoint, and why it was disabled', () => {
    expect(endpointStatus({ enabled: true, disabledReason: null, failingSince: null })).toBe('Active');
    expect(endpointStatus({ enabled: true, disabledReason: null, failingSince: '2026-01-01T00:00:00.000Z' })).toBe(
      'Failing',
    );
    expect(endpointStatus({ enabled: false, disabledReason: 'gone', failingSince: null })).toBe('Disabled (410 Gone)');
  });

  it('shows the 24-hour success rate, or a dash when nothing settled', () => {
    expect(successRate({ settled: 0, succeeded: 0 })).toBe('—');
    expect(successRate({ settled: 3, succeeded: 2 })).toBe('67 % of 3');
  });
});
