import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiRoutes } from '@shared/api/routes';
import type { TestTenantAccount } from '@shared/api/test-support.types';
import { createTestTenant } from '../../api/support/api-actions';
import { createApiClient, type ApiClient } from '../../api/support/api-client';
import { AccessibilityAudit } from './accessibility';

export { expect };

export const DEMO_PASSWORD = 'parley-demo';
export const DEMO = {
  admin: 'admin@demo.parley.test',
  user: 'user@demo.parley.test',
  superadmin: 'superadmin@parley.test',
} as const;

export type TenantAccount = TestTenantAccount;

/** A tenant of one test's own, with an admin and a member who is not an admin. */
export interface FreshTenant {
  id: string;
  name: string;
  admin: TenantAccount;
  user: TenantAccount;
}

interface TenantFixtures {
  /** The server's API, for set-up through the same helpers as the API suites. */
  api: ApiClient;
  /** An active tenant on the Growth plan made for this test alone (only when the test asks for it). */
  freshTenant: FreshTenant;
  /** Checks every page the test visits with axe; the test fails on a serious or critical violation. */
  accessibilityAudit: AccessibilityAudit;
}

/**
 * Every test talks to the server that global setup started (or one it starts itself), with animations reduced as the
 * app allows for people who ask for it (so that every check sees the page as it settles), and an accessibility audit
 * of every page it visits.
 */
export const test = base.extend<TenantFixtures>({
  contextOptions: async ({ contextOptions }, use) => use({ ...contextOptions, reducedMotion: 'reduce' }),
  accessibilityAudit: [
    async ({ page }, use) => {
      const audit = new AccessibilityAudit(page);
      await use(audit);
      await audit.finish();
    },
    { auto: true },
  ],
  // Playwright reads a fixture's dependencies from its first parameter, even when there are none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.PARLEY_E2E_BASE_URL;
    if (!url) throw new Error('PARLEY_E2E_BASE_URL is not set: run the tests through playwright.config.ts');
    await use(url);
  },
  api: async ({ baseURL }, use) => {
    await use(createApiClient(baseURL ?? ''));
  },
  freshTenant: async ({ api }, use) => {
    const { tenant, users } = await createTestTenant(api, { billingStatus: 'active', users: ['admin', 'user'] });
    const [admin, user] = users;
    if (!admin || !user) throw new Error('the test tenant came without its admin and member');
    await use({ ...tenant, admin, user });
  },
});

/** A fresh address per test, so that each test starts from its own data. */
export function uniqueEmail(label: string): string {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${label}-${suffix}@e2e.parley.test`;
}

export interface NewAccount {
  email: string;
  password: string;
  name: string;
  tenantName: string;
}

/** Registers a new tenant and its admin straight through the API (set-up, not the behaviour under test). */
export async function registerAccount(request: APIRequestContext, label: string): Promise<NewAccount> {
  const account = {
    email: uniqueEmail(label),
    password: 'first-Password-1',
    name: `E2E ${label}`,
    tenantName: `E2E ${label} Ltd`,
  };
  const response = await request.post(apiRoutes.auth.register(), { data: account });
  expect(response.status(), await response.text()).toBe(202);
  return account;
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().endsWith('/auth')) await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in and waits for the page frame. */
export async function signInToFrame(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
}

/** Signs a test tenant's account in through the login form and waits for the page frame. */
export async function signInAs(page: Page, account: TenantAccount): Promise<void> {
  await signInToFrame(page, account.email, account.password);
}

type MailKind = 'verify-email' | 'reset-password';

/** The newest link of a kind in the test outbox, as a path (/verify-email?token=…), read as a person reads mail. */
export async function linkFromMail(request: APIRequestContext, to: string, kind: MailKind): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiRoutes.testSupport.outbox()}?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return null;
        const { messages } = (await response.json()) as { messages: Array<{ kind: string; text: string }> };
        const message = messages.find((candidate) => candidate.kind === kind);
        const match = message?.text.match(new RegExp(`/${kind}\\?token=[^\\s"'<>)]+`));
        link = match?.[0] ?? null;
        return link;
      },
      { message: `a ${kind} e-mail to ${to}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return link as unknown as string;
}

/**
 * Moves the running app to a path as one of its own links would, without loading the page again (the route the user
 * reaches is under test here; how the server answers a typed-in path is the static-serving tests' business).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The access token the app keeps (spec 000 §3: local storage holds the pair, each token and the user). */
export async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('accessToken'));
}

export function tokenExpiry(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
  return payload.exp * 1000;
}
