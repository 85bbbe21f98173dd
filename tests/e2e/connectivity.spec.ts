import { SERVER_START_BOUND_MS, startServer, type TestServer } from './support/server';
import { DEMO, expect, signInToFrame, test as base } from './support/fixtures';

const LOST = 'Connection to our servers lost. Please check your internet connection.';
const OFFLINE = "You're currently offline. Some features may not work properly.";

/** These tests stop and restart a server of their own. */
const test = base.extend<{ server: { current: TestServer } }>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter, even when there are none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const holder = { current: await startServer() };
      await use(holder);
      await holder.current.stop();
    },
    // Starting a server has a bound of its own, not the test's.
    { timeout: SERVER_START_BOUND_MS + 30_000 },
  ],
  baseURL: async ({ server }, use) => use(server.current.url),
});

test.describe('connectivity', () => {
  test('the browser going offline shows the offline banner', async ({ page, context }) => {
    await signInToFrame(page, DEMO.admin);
    await context.setOffline(true);
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(OFFLINE)).toBeHidden();
  });

  test('the server going away shows the lost-connection banner, and Test Connection clears it', async ({
    page,
    server,
  }) => {
    await page.clock.install();
    await signInToFrame(page, DEMO.admin);
    await expect(page.getByText(LOST)).toBeHidden();

    const { port, dataDir } = server.current;
    await server.current.stop({ keepData: true });
    // The next 30-second health check fails.
    await page.clock.fastForward(31_000);
    await expect(page.getByText(LOST)).toBeVisible();
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText(LOST)).toBeVisible();

    test.info().setTimeout(test.info().timeout + SERVER_START_BOUND_MS);
    server.current = await startServer({ port, dataDir });
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText(LOST)).toBeHidden();
  });
});
