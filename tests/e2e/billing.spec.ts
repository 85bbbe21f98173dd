import { DEMO, expect, signInAs, signInToFrame, test } from './support/fixtures';
import { subscribedTenant } from './support/billing';

/** YYYY-MM of the month `back` months before this one (UTC), as usage months are kept. */
function monthsAgo(back: number): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return month.toISOString().slice(0, 7);
}

test.describe('billing', () => {
  test('an admin cancels at the period end, sees the end date, and reactivates', async ({ page, api }) => {
    const tenant = await subscribedTenant(api);
    await signInAs(page, tenant.admin);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }).click();

    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Active');
    await expect(page.getByRole('group', { name: 'Plan' })).toContainText('Growth');
    await expect(page.getByRole('group', { name: 'Payment method' })).toContainText('On file');
    await expect(page.getByRole('list', { name: 'Payment methods' })).toContainText('Visa •••• 4242');
    await expect(page.getByTestId('billing-notice')).toHaveCount(0);
    // The first period's invoice, paid when the plan was activated.
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await expect(invoices.getByRole('row')).toHaveCount(2);
    await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');
    await expect(invoices.getByRole('row').nth(1)).toContainText(/NZD\s399\.00/);
    const renewal = page.getByTestId('subscription-card').getByRole('group', { name: 'Renews on' });
    const periodEnd = (await renewal.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).textContent()) ?? '';

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Subscription?' });
    await expect(confirm).toContainText(periodEnd);
    await confirm.getByRole('button', { name: 'Cancel at Period End' }).click();

    await expect(page.getByText('Subscription updated')).toBeVisible();
    await expect(page.getByTestId('cancel-banner')).toContainText(`Your subscription is set to end on ${periodEnd}.`);
    await expect(page.getByTestId('subscription-card').getByRole('group', { name: 'Ends on' })).toContainText(
      periodEnd,
    );

    await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await expect(page.getByTestId('cancel-banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Active');
  });

  test('a plain user reads the billing page but is offered nothing only an admin may do, and is told why', async ({
    page,
    api,
  }) => {
    const tenant = await subscribedTenant(api);
    await signInAs(page, tenant.user);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }).click();

    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Payment methods' })).toContainText('Visa •••• 4242');
    await expect(page.getByTestId('subscription-card')).toContainText('Renews on');
    for (const action of ['Cancel Subscription', 'Add Payment Method', 'Manage Billing']) {
      await expect(page.getByRole('button', { name: action })).toHaveCount(0);
    }
    await expect(
      page.getByText('Only an admin of your account can change its plan, cards or billing.').first(),
    ).toBeVisible();
  });

  test('a tenant set delinquent meets Payment Required on its next action, changes the card in the portal and works again', async ({
    page,
    api,
    browser,
  }) => {
    const tenant = await subscribedTenant(api);
    await signInAs(page, tenant.admin);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // The superadmin marks the tenant delinquent from the admin billing page.
    const adminContext = await browser.newContext({ baseURL: page.url(), reducedMotion: 'reduce' });
    const admin = await adminContext.newPage();
    await signInToFrame(admin, DEMO.superadmin);
    await admin.goto('/admin/billing');
    await admin.getByLabel('Search tenants').fill(tenant.name);
    const row = admin.getByRole('row').filter({ hasText: tenant.name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Change billing of ${tenant.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Tenant Billing: ${tenant.name}` });
    await dialog.getByRole('combobox', { name: 'Billing status' }).click();
    await admin.getByRole('option', { name: 'Payment Required' }).click();
    await dialog.getByRole('button', { name: 'Save Status' }).click();
    await expect(admin.getByText('Tenant billing updated successfully')).toBeVisible();
    await expect(row.getByText('Payment Required')).toBeVisible();
    await adminContext.close();

    // The tenant's next action meets the 402 and its dialog.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Phone Numbers' })
      .click();
    const required = page.getByRole('dialog', { name: 'Payment Required' });
    await expect(required).toContainText('Your payment method has failed or your account is past due.');
    await required.getByRole('button', { name: 'Update Payment Method' }).click();

    // The payment provider's portal (the sandbox's page): a new card, then back to where the tenant was.
    await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
    await page.getByLabel('Card number').fill('5555555555554444');
    await page.getByRole('button', { name: 'Use this card' }).click();
    await expect(page.getByRole('status')).toHaveText('Your card was saved.');
    await page.getByRole('link', { name: 'Return to the application' }).click();

    await expect(page).toHaveURL(/\/phone-numbers$/);
    await expect(page.getByRole('heading', { name: 'Phone Numbers', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Payment Required' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByTestId('status-badge')).toHaveText('Active');
    await expect(page.getByRole('list', { name: 'Payment methods' })).toContainText('•••• 4444');
  });

  test('the usage tab charts six months of seeded history', async ({ page, api }) => {
    const minutes = [120, 80, 300, 50, 150, 90, 40];
    const tenant = await subscribedTenant(api, {
      usageHistory: minutes.map((value, index) => ({ monthYyyyMm: monthsAgo(minutes.length - index), minutes: value })),
    });
    await signInAs(page, tenant.admin);
    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Usage & Analytics' }).click();

    for (const card of ['Minutes Used', 'Overage Minutes', 'Current Cost', 'Usage Status']) {
      await expect(page.getByRole('group', { name: card })).toBeVisible();
    }
    await expect(page.getByTestId('usage-status')).toHaveText('Within Limit');
    const limits = page.getByTestId('plan-limits-card');
    for (const limit of ['Minutes', 'Agents', 'Phone numbers', 'Campaigns']) {
      await expect(limits.getByRole('group', { name: limit })).toBeVisible();
    }

    // Usage Trends: the last 6 of the 7 months, used against included.
    const trends = page.getByTestId('usage-trends-chart');
    await expect(trends.locator('svg').first()).toBeVisible();
    const label = (monthYyyyMm: string) =>
      new Date(`${monthYyyyMm}-01T00:00:00Z`).toLocaleString('en-US', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    await expect(trends.getByText(label(monthsAgo(6)))).toBeVisible();
    await expect(trends.getByText(label(monthsAgo(1)))).toBeVisible();
    await expect(trends.getByText(label(monthsAgo(7)))).toHaveCount(0);
    await expect(trends.getByText('Minutes used')).toBeVisible();
    await expect(trends.getByText('Minutes included')).toBeVisible();

    await page.getByRole('tab', { name: 'Current Breakdown' }).click();
    await expect(page.getByTestId('usage-breakdown-chart').locator('svg').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Cost Analysis' }).click();
    await expect(page.getByTestId('cost-analysis-chart').locator('svg').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Cost Estimation' }).click();
    await expect(
      page.getByTestId('cost-estimation').getByRole('group', { name: 'Projected monthly usage' }),
    ).toBeVisible();

    // The history table: all 7 months, newest first.
    const history = page.getByRole('table', { name: 'Usage History' });
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(minutes.length + 1);
    await expect(rows.nth(1)).toContainText(label(monthsAgo(1)));
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('40');
    await expect(rows.nth(minutes.length).getByRole('cell').nth(1)).toHaveText('120');
  });
});
