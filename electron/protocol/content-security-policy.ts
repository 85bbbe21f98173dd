const ORIGIN = /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/;

/**
 * The policy of every page served from app://parley: the app's own code, its API origin and, as on the web build,
 * Stripe.js for card entry. Inline styles are allowed because MUI injects its styles at run time; inline scripts,
 * plugins, base rewriting and form posts are not.
 */
export function contentSecurityPolicy(apiOrigin: string): string {
  if (!ORIGIN.test(apiOrigin)) throw new Error(`Not an origin: ${apiOrigin}`);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'https://js.stripe.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', apiOrigin],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", apiOrigin],
    'media-src': ["'self'", 'blob:', apiOrigin],
    'frame-src': ['https://js.stripe.com'],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
