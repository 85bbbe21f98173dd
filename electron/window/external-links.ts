/** Where links may leave the app for the system browser or mail client; everything else stays closed. */
export interface ExternalLinkPolicy {
  httpsHosts: readonly string[];
  mailtoAddresses: readonly string[];
}

const DEFAULT_EXTERNAL_LINKS: ExternalLinkPolicy = {
  httpsHosts: ['billing.stripe.com', 'checkout.stripe.com'],
  mailtoAddresses: ['support@parley.example'],
};

const MAILTO_FIELDS = new Set(['subject', 'body']);

export function isAllowedExternalUrl(raw: string, policy: ExternalLinkPolicy = DEFAULT_EXTERNAL_LINKS): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.port === '' && policy.httpsHosts.includes(url.hostname);
  if (url.protocol === 'mailto:') {
    const fields = [...url.searchParams.keys()];
    let address: string;
    try {
      address = decodeURIComponent(url.pathname).toLowerCase();
    } catch {
      return false;
    }
    // One known recipient; cc, bcc or a second address would turn the link into a way to mail anyone.
    return policy.mailtoAddresses.includes(address) && fields.every((field) => MAILTO_FIELDS.has(field.toLowerCase()));
  }
  return false;
}
