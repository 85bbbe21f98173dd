import type { Page } from '@playwright/test';
import { API_PREFIX, apiRoutes } from '@shared/api/routes';
import { setTenantBilling } from '../api/support/api-actions';
import { expect, openInApp, signInAs, test, type TenantAccount } from './support/fixtures';

/**
 * Signs in and waits until the dashboard has loaded its (gated) agents and figures, so that none is in flight.
 * The live stream is kept closed: its billing event would refetch gated data and open the dialog at a moment of its
 * own choosing, over the navigation these tests click; here the dialog must come from the refused request.
 */
async function signInToDashboard(page: Page, account: TenantAccount): Promise<void> {
  await page.route(`**${apiRoutes.events.stream()}`, (route) => route.abort());
  await signInAs(page, account);
  await expect(page.getByText('No agents yet')).toBeVisible();
  await expect(page.getByTestId('stat-total-calls-value')).toHaveText('0');
}

test.describe('errors', () => {
  test('an API 402 opens the Payment Required dialog', async ({ page, api, freshTenant }) => {
    await signInToDashboard(page, freshTenant.admin);
    // The tenant's card fails while its admin is signed in: the next gated call the page makes is refused with 402.
    await setTenantBilling(api, freshTenant.id, 'delinquent');
    // Not a click: the page's own refresh may meet the refusal first and open the dialog over the navigation.
    await openInApp(page, '/phone-numbers');
    const dialog = page.getByRole('dialog', { name: 'Payment Required' });
    await expect(dialog).toContainText('Your payment method has failed or your account is past due.');
    await expect(dialog).toContainText('Your payment failed or is past due. Please update your payment method.');
    await expect(dialog.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:/);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // A search is refused too; Update Payment Method opens the payment provider's billing portal.
    await page.getByRole('tab', { name: 'Search New Numbers' }).click();
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Update Payment Method' }).click();
    await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to the application' })).toHaveAttribute(
      'href',
      /\/phone-numbers$/,
    );
  });

  test('the 402 dialog falls back to the default message', async ({ page, api, freshTenant }) => {
    await signInToDashboard(page, freshTenant.admin);
    // The server always explains a 402, so the dialog's own words show only when the explanation is missing:
    // the real refusal reaches the page without its message. Set before the cancellation, so that whichever request
    // meets the refusal first (the page's own refresh, or the navigation below) meets it this way.
    await page.route(`**${API_PREFIX}/**`, async (route) => {
      if (route.request().url().endsWith(apiRoutes.events.stream())) return route.fallback();
      const response = await route.fetch();
      if (response.status() !== 402) return route.fulfill({ response });
      const body = (await response.json()) as Record<string, unknown>;
      delete body.message;
      return route.fulfill({ response, json: body });
    });
    await setTenantBilling(api, freshTenant.id, 'canceled');
    // Not a click: the dialog may already be open over the navigation.
    await openInApp(page, '/phone-numbers');
    const dialog = page.getByRole('dialog', { name: 'Payment Required' });
    await expect(dialog).toContainText('Your subscription has been canceled.');
    await expect(dialog).toContainText('Please update your payment method to continue using the service.');
    await expect(dialog).not.toContainText('reactivate');
  });
});
