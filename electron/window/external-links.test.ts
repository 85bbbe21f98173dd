import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from './external-links';

describe('external link allowlist', () => {
  it.each([
    'https://billing.stripe.com/p/session/test_YWNjdF8x',
    'https://checkout.stripe.com/c/pay/cs_test_a1',
    'mailto:support@parley.example',
    'mailto:support@parley.example?subject=Billing%20support',
    'mailto:SUPPORT@parley.example?subject=Help&body=Hi',
  ])('opens %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(true);
  });

  it.each([
    ['plain http', 'http://billing.stripe.com/p/session/x'],
    ['another host', 'https://evil.test/'],
    ['a look-alike host', 'https://billing.stripe.com.evil.test/'],
    ['a subdomain not listed', 'https://evil.billing.stripe.com/'],
    ['credentials', 'https://user:pass@billing.stripe.com/'],
    ['another port', 'https://billing.stripe.com:8443/'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'],
    ['smb', 'smb://attacker/share'],
    ['the app itself', 'app://parley/'],
    ['mail to anyone', 'mailto:someone@evil.test'],
    ['mail with a copy', 'mailto:support@parley.example?cc=someone@evil.test'],
    ['mail to two addresses', 'mailto:support@parley.example,someone@evil.test'],
    ['not a URL', 'billing.stripe.com'],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });
});
