import type { APIRequestContext, Page } from '@playwright/test';
import { apiRoutes } from '@shared/api/routes';
import { SERVER_START_BOUND_MS, startServer, type TestServer } from './support/server';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  signInToFrame,
  storedAccessToken,
  test as base,
  tokenExpiry,
} from './support/fixtures';

/** Against a server of its own whose access tokens live 5 s, so that expiry happens within a test. */
const test = base.extend<object, { shortLivedServer: TestServer }>({
  shortLivedServer: [
    // Playwright reads a fixture's dependencies from its first parameter, even when there are none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ accessTokenTtlSec: 5 });
      await use(server);
      await server.stop();
    },
    // Starting a server has a bound of its own, not the test's.
    { scope: 'worker', timeout: SERVER_START_BOUND_MS + 30_000 },
  ],
  baseURL: async ({ shortLivedServer }, use) => use(shortLivedServer.url),
});

/**
 * Revokes the page's sign-in behind its back (as logging out on another device does) and waits until its access
 * token has expired, so that its next call needs a refresh, which is refused.
 */
async function revokeElsewhere(page: Page, request: APIRequestContext): Promise<void> {
  const accessToken = (await storedAccessToken(page))!;
  const refreshToken = await page.evaluate(() => window.localStorage.getItem('refreshToken'));
  const revoked = await request.post(apiRoutes.auth.logout(), {
    data: { refreshToken },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(revoked.ok()).toBe(true);
  await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(tokenExpiry(accessToken) + 1_000);
}

test.describe('session', () => {
  test('an expired access token is refreshed without the user noticing', async ({ page }) => {
    await signInToFrame(page, DEMO.admin, DEMO_PASSWORD);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    const first = (await storedAccessToken(page))!;
    expect(first).toBeTruthy();
    await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(tokenExpiry(first) + 1_000);

    // Reloading loads the profile with the expired token: 401, one refresh, one retry.
    const refreshed = page.waitForResponse((response) => response.url().endsWith(apiRoutes.auth.refresh()));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(page.getByText('Authentication expired')).toHaveCount(0);
    const second = await storedAccessToken(page);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  test('a failed refresh clears the session and lands on /auth', async ({ page, request }) => {
    await signInToFrame(page, DEMO.user, DEMO_PASSWORD);
    await revokeElsewhere(page, request);

    // The live event stream may meet the revocation first and take the app to /auth, or the reload does; either
    // way the notice outlives a reload.
    await page.waitForURL(/\/auth$/, { timeout: 3_000 }).catch(() => undefined);
    await page.reload();
    await expect(page).toHaveURL(/\/auth$/);
    // Said on the sign-in card itself, where it stays until the user signs in (not in a toast that fades).
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Authentication expired. Please log in again.');
    expect(await storedAccessToken(page)).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  });

  test('a refresh that fails while the app is in use ends on /auth, which says why until the next sign-in', async ({
    page,
    request,
  }) => {
    await signInToFrame(page, DEMO.user, DEMO_PASSWORD);
    await revokeElsewhere(page, request);

    // The next request the app makes meets a 401 and the refresh is refused: the page the user opens, or the live
    // event stream reconnecting first, in which case the app is on /auth and the link is gone. The link is clicked
    // only if it is there now: a click left waiting for it would land after the next sign-in and navigate away
    // under the user menu.
    const phoneNumbers = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Phone Numbers' });
    await phoneNumbers.evaluateAll((links) => links.forEach((link) => (link as HTMLElement).click()));
    await expect(page).toHaveURL(/\/auth$/);
    const notice = page.getByRole('main').getByRole('alert');
    await expect(notice).toHaveText('Authentication expired. Please log in again.');

    await signInToFrame(page, DEMO.user, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});
