import { SERVER_START_BOUND_MS, startServer, type TestServer } from './support/server';
import { DEMO, expect, signInToFrame, test as base } from './support/fixtures';

/** A server started as a salesperson starts it, on a fresh data folder: the demo clinic's business is seeded. */
const test = base.extend<{ server: TestServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ demo: true });
      await use(server);
      await server.stop();
    },
    { timeout: SERVER_START_BOUND_MS + 30_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

test.describe('the demo', () => {
  test('the demo admin finds a living clinic without creating anything: calls, a call’s detail, usage over its plan, a running campaign and paid invoices', async ({
    page,
  }) => {
    test.slow();
    await signInToFrame(page, DEMO.admin);
    // The dashboard: three agents, and months of calls in the calls panel.
    for (const agent of ['Front Desk', 'Appointment Reminders', 'After Hours']) {
      await expect(page.getByRole('article', { name: agent })).toBeVisible({ timeout: 60_000 });
    }
    const panel = page.getByRole('region', { name: 'Calls Analytics' });
    await expect(panel.getByRole('group', { name: 'Calls' })).not.toContainText(/^Calls0$/);
    await expect(panel.getByText('No calls yet')).toHaveCount(0);

    // A call's detail: its transcript and its analysis.
    await page.getByRole('article', { name: 'Front Desk' }).getByRole('link', { name: 'View Analytics' }).click();
    await page.getByRole('list', { name: 'Recent calls' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Call Details', level: 1 })).toBeVisible();
    expect(await page.getByRole('list', { name: 'Transcript' }).getByRole('listitem').count()).toBeGreaterThan(1);
    // Its recording plays, from the voice provider that keeps the history's conversations.
    const player = page.locator('audio[aria-labelledby="call-recording-label"]');
    await expect(player).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Customer Sentiment' })).toBeVisible();

    // Usage: six months, last month over the plan's included minutes.
    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Usage & Analytics' }).click();
    await expect(page.getByTestId('usage-trends-chart').locator('svg').first()).toBeVisible();
    const history = page.getByRole('table', { name: 'Usage History' });
    await expect(history.getByRole('row')).toHaveCount(7);
    await expect(history.getByRole('row').nth(2).getByRole('cell').nth(3)).not.toHaveText('0');

    // Invoices at the payment sandbox: one paid per month since the history began.
    await page.getByRole('tab', { name: 'Billing & Subscription' }).click();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await expect(invoices.getByRole('row').filter({ hasText: 'Paid' })).toHaveCount(6);

    // The running recall campaign, part way through its contacts.
    await page.goto('/campaigns');
    await page.getByText('Summer check-up recall').click();
    await page.getByRole('tab', { name: 'Overview' }).click();
    for (const status of ['Completed', 'Pending']) {
      await expect(page.getByRole('group', { name: status, exact: true })).not.toContainText(/^\D*0$/);
    }
    // Its analytics: messages left on machines, and patients handed to the front desk.
    await page.getByRole('tab', { name: 'Analytics' }).click();
    for (const figure of ['Voicemails Left', 'Transferred']) {
      await expect(page.getByRole('group', { name: figure, exact: true })).toHaveText(/\D[1-9][\d,]*$/);
    }

    // Last month's finished recall shows its calls in its analytics (the last 90 days hold last month).
    await page.goto('/campaigns');
    await page.getByText('Spring check-up recall').click();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    await expect(page.getByRole('group', { name: 'Calls Made', exact: true })).toHaveText(/\D[1-9][\d,]*$/);

    // The win-back the dialer paused when most of its calls failed, with its failure brake's reason (the API suite
    // checks it is the brake's reason for the campaign's last attempts).
    await page.goto('/campaigns');
    await page.getByText('Lapsed patients win-back').click();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('calling-state')).toHaveText('Paused');
    await expect(page.getByTestId('pause-reason')).toContainText(/Paused: \d+ of the last \d+ calls failed\./);
  });

  test('a superadmin finds both demo tenants paying', async ({ page }) => {
    await signInToFrame(page, DEMO.superadmin);
    await page.goto('/admin/billing');
    for (const tenant of ['Demo Dental Clinic', 'Other Plumbing Co']) {
      await expect(page.getByRole('row').filter({ hasText: tenant })).toContainText('Active', { timeout: 60_000 });
    }
    await expect(
      page.getByTestId('admin-billing-totals').getByRole('group', { name: 'Monthly revenue' }),
    ).toContainText(/NZD\s\d/);
  });

  test('a superadmin may reset the demo data from the platform home', async ({ page }) => {
    await signInToFrame(page, DEMO.superadmin);
    await page.getByRole('button', { name: 'Reset demo data' }).click();
    await expect(page.getByText('The demo data is back to its first-start state.')).toBeVisible({ timeout: 60_000 });
  });
});
