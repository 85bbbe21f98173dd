import type { Page } from '@playwright/test';
import type { AdminOverview } from '@shared/api/admin.types';
import { API_PREFIX, apiRoutes } from '@shared/api/routes';
import { formatCount } from '@shared/domain/format';
import { DEMO, expect, openInApp, signInAs, signInToFrame, test } from './support/fixtures';

/** The refusal a guarded page shows in its place (spec 001 §2 texts, the 403 text of spec 000 §8 otherwise). */
async function expectRefused(page: Page, path: string, text: string): Promise<void> {
  await openInApp(page, path);
  await expect(page.getByRole('heading', { name: 'Access Denied', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(text);
}

test.describe('access to admin screens', () => {
  test('a member who is not an admin is refused the admin and superadmin screens', async ({ page, freshTenant }) => {
    await signInAs(page, freshTenant.user);
    const forbidden = "You don't have permission to perform this action.";
    await expectRefused(page, '/admin/billing', forbidden);
    await expectRefused(page, '/admin/plans', forbidden);
    await expectRefused(page, '/account', 'Access Denied: You are not authorized to manage this account.');
    await expectRefused(page, '/tenant-management', 'Access Denied: You are not authorized to manage this account.');
    await expectRefused(page, '/api-keys', 'You need administrator privileges to manage API keys.');

    // The way back leads home, and the frame stays.
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a tenant admin opens Account and API Keys but not the superadmin screens', async ({ page, freshTenant }) => {
    await signInAs(page, freshTenant.admin);
    await openInApp(page, '/account');
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await openInApp(page, '/api-keys');
    await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();
    await expectRefused(page, '/admin/billing', "You don't have permission to perform this action.");
  });
});

test.describe('a superadmin without a tenant', () => {
  test("sees the platform's totals on the home page", async ({ page }) => {
    // Other tests add tenants meanwhile: the page is checked against the very answer it was given.
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === apiRoutes.admin.overview(),
    );
    await signInToFrame(page, DEMO.superadmin);
    const response = await answered;
    expect(response.status()).toBe(200);
    const overview = (await response.json()) as AdminOverview;
    expect(overview.tenants).toBeGreaterThan(0);

    const figures: Array<[string, number]> = [
      ['Tenants', overview.tenants],
      ['Users', overview.users],
      ['Agents', overview.agents],
      ['Phone Numbers', overview.phoneNumbers],
      ['Calls (last 30 days)', overview.callsLast30Days],
      ['Minutes (last 30 days)', overview.minutesLast30Days],
    ];
    for (const [title, value] of figures) {
      const card = page.getByRole('group', { name: title, exact: true });
      await expect(card.getByTestId(/-value$/)).toHaveText(formatCount(value));
    }
    const statuses = page.getByRole('region', { name: 'Tenants by billing status' });
    for (const [label, status] of [
      ['Active', 'active'],
      ['Trial', 'trialing'],
      ['Setup Required', 'inactive'],
      ['Payment Required', 'delinquent'],
      ['Canceled', 'canceled'],
    ] as const) {
      const count = formatCount(overview.tenantsByBillingStatus[status]);
      await expect(statuses.getByRole('group', { name: label, exact: true })).toHaveText(`${label}${count}`);
    }
    await expect(page.getByText('Failed to load the platform totals')).toHaveCount(0);
  });

  test('has a platform home, reaches the admin screens, and meets no tenant screen that cannot work', async ({
    page,
  }) => {
    await signInToFrame(page, DEMO.superadmin);
    await expect(page.getByRole('heading', { name: 'Platform Overview', level: 1 })).toBeVisible();
    // None of the tenant dashboard, which would only fail for an account without a tenant.
    await expect(page.getByText('Error loading dashboard')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your AI Voice Agents' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Active Numbers' })).toHaveCount(0);

    const administration = page.getByRole('region', { name: 'Administration' });
    await administration.getByRole('link', { name: 'Admin Billing' }).click();
    await expect(page).toHaveURL(/\/admin\/billing$/);
    await expect(page.getByRole('heading', { name: 'Admin Billing', level: 1 })).toBeVisible();
    await page.goBack();
    await administration.getByRole('link', { name: 'Admin Plans' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Plans', level: 1 })).toBeVisible();

    // A tenant screen typed in says why it has nothing to show, instead of failing against the API.
    const apiErrors: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`${API_PREFIX}/`) && response.status() >= 400) apiErrors.push(response.url());
    });
    // The account page says it in the spec's words (spec 001 §2).
    await openInApp(page, '/account');
    await expect(page.getByText('Account information not available. Please ensure you are logged in.')).toBeVisible();
    for (const path of ['/phone-numbers', '/campaigns', '/billing', '/api-keys']) {
      await openInApp(page, path);
      await expect(page.getByRole('heading', { name: 'Not part of a tenant', level: 1 })).toBeVisible();
    }
    expect(apiErrors).toEqual([]);
    await page.getByRole('link', { name: 'Platform Home' }).click();
    await expect(page.getByRole('heading', { name: 'Platform Overview', level: 1 })).toBeVisible();
  });
});
