import { apiRoutes } from '@shared/api/routes';
import { startServer, type TestServer } from './support/server';
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
    { scope: 'worker' },
  ],
  baseURL: async ({ shortLivedServer }, use) => use(shortLivedServer.url),
});

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
    const accessToken = (await storedAccessToken(page))!;
    const refreshToken = await page.evaluate(() => window.localStorage.getItem('refreshToken'));
    // The sign-in is revoked elsewhere (as by logging out on another device).
    const revoked = await request.post(apiRoutes.auth.logout(), {
      data: { refreshToken },
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(revoked.ok()).toBe(true);
    await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(tokenExpiry(accessToken) + 1_000);

    await page.reload();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Authentication expired. Please log in again.' }),
    ).toBeVisible();
    expect(await storedAccessToken(page)).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  });
});
