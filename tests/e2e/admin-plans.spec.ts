import { createTestTenant } from '../api/support/api-actions';
import { enterTestCard, subscribedTenant } from './support/billing';
import { DEMO, expect, signIn, signInToFrame, test } from './support/fixtures';

test.describe('admin plans', () => {
  test('a superadmin creates a plan, syncs it with the payment provider, and a new tenant picks it', async ({
    page,
    api,
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const planId = `e2e-${suffix}`;
    const planName = `E2E Plan ${suffix}`;

    await signInToFrame(page, DEMO.superadmin);
    await page.goto('/admin/plans');
    await expect(page.getByRole('heading', { name: 'Admin Plans', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Create Plan' }).click();
    const form = page.getByRole('dialog', { name: 'Create Plan' });
    // The defaults of spec 001 §9.
    await expect(form.getByLabel('Minutes included')).toHaveValue('100');
    await expect(form.getByLabel('Overage rate (cents per minute)')).toHaveValue('10');
    await expect(form.getByLabel('Max campaigns')).toHaveValue('3');

    await form.getByRole('button', { name: 'Create Plan' }).click();
    await expect(form.getByText('Plan ID is required')).toBeVisible();
    await expect(form.getByText('Plan name is required')).toBeVisible();

    await form.getByLabel('Plan ID').fill(planId);
    await form.getByLabel('Name').fill(planName);
    await form.getByLabel('Monthly price (cents)').fill('3900');
    await form.getByLabel('Minutes included').fill('250');
    await form.getByLabel('Max agents').fill('3');
    // Non-numeric input in a required number becomes 0 (spec 001 §5).
    await form.getByLabel('Max campaigns').fill('lots');
    await form.getByRole('button', { name: 'Create Plan' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Plan created successfully')).toBeVisible();

    const row = page.getByTestId(`plan-row-${planId}`);
    await expect(row).toContainText(planName);
    await expect(row).toContainText('3 / 1 / 0');
    await expect(row.getByText('Not Synced')).toBeVisible();
    await row.getByRole('button', { name: 'Sync' }).click();
    await expect(page.getByText('Plan synced to the payment provider successfully')).toBeVisible();
    await expect(row.getByText('Synced', { exact: true })).toBeVisible();
    // Synced once: the button is offered only while the plan has no product at the provider.
    await expect(row.getByRole('button', { name: 'Sync' })).toHaveCount(0);

    // Editing keeps the id.
    await row.getByRole('button', { name: `Edit ${planName}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Plan: ${planName}` });
    await expect(edit.getByLabel('Plan ID')).toBeDisabled();
    await expect(edit.getByLabel('Plan ID')).toHaveValue(planId);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // A new business sees the plan at setup, picks it and activates it.
    const { users } = await createTestTenant(api, { billingStatus: 'inactive' });
    const owner = users[0];
    if (!owner) throw new Error('the test tenant came without its admin');
    const tenantContext = await browser.newContext({ baseURL: new URL(page.url()).origin, reducedMotion: 'reduce' });
    const tenantPage = await tenantContext.newPage();
    await signIn(tenantPage, owner.email, owner.password);
    await expect(tenantPage).toHaveURL(/\/billing-setup$/);
    await tenantPage.getByRole('radio', { name: new RegExp(planName) }).check();
    await tenantPage.getByRole('button', { name: 'Add Payment Method' }).click();
    await expect(await enterTestCard(tenantPage, '4242 4242 4242 4242')).toBeHidden();
    await tenantPage.getByRole('button', { name: 'Activate' }).click();
    await expect(tenantPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await tenantPage.goto('/billing');
    await expect(tenantPage.getByRole('group', { name: 'Plan' })).toContainText(planName);
    await expect(
      tenantPage.getByTestId('plan-details-card').getByRole('group', { name: 'Monthly minutes' }),
    ).toContainText('250');
    await tenantContext.close();
  });
});

test.describe('admin billing', () => {
  test('a superadmin sees the totals, finds a tenant by search, syncs its usage, and a search with no match says so', async ({
    page,
    api,
  }) => {
    const tenant = await subscribedTenant(api);
    await signInToFrame(page, DEMO.superadmin);
    await page.goto('/admin/billing');
    await expect(page.getByRole('heading', { name: 'Admin Billing', level: 1 })).toBeVisible();
    const totals = page.getByTestId('admin-billing-totals');
    await expect(totals.getByRole('group', { name: 'Tenants', exact: true })).not.toContainText('—');
    for (const total of ['Active tenants', 'Monthly revenue', 'Total minutes']) {
      await expect(totals.getByRole('group', { name: total })).toBeVisible();
    }

    await page.getByLabel('Search tenants').fill(tenant.name);
    const rows = page.getByRole('row').filter({ hasText: tenant.name });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Active');
    await rows.getByRole('button', { name: `Sync usage of ${tenant.name}` }).click();
    await expect(page.getByText('Usage synced to the payment provider successfully')).toBeVisible();

    await page.getByLabel('Search tenants').fill('no tenant is called this');
    await expect(page.getByText('No tenants found')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('No tenants found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByLabel('Search tenants')).toHaveValue('');
    await expect(page.getByRole('row').filter({ hasText: tenant.name })).not.toHaveCount(0);
  });
});
