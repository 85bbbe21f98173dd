/** The demo sign-ins the seed creates and `npm start` prints; tests sign in with the same. */
export const DEMO_PASSWORD = 'parley-demo';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.parley.test', name: 'Dana Admin', role: 'admin' },
  user: { email: 'user@demo.parley.test', name: 'Uma User', role: 'user' },
  superadmin: { email: 'superadmin@parley.test', name: 'Sam Superadmin', role: 'superadmin' },
  otherAdmin: { email: 'admin@other.parley.test', name: 'Olly Other', role: 'admin' },
} as const;

export const DEMO_TENANTS = {
  demo: { name: 'Demo Dental Clinic', subdomain: 'demo', plan: 'growth' },
  other: { name: 'Other Plumbing Co', subdomain: 'other', plan: 'starter' },
} as const;

/** Said at every start that seeds them: anyone who has read the README can sign in as these accounts. */
export function demoAccountsWarning(nodeEnv: string): string {
  const where = nodeEnv === 'production' ? 'IN PRODUCTION (SEED_DEMO=force)' : 'on this server';
  return `Demo accounts with the published password are live ${where}; never expose it to the public like this.`;
}
