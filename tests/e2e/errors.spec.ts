import { DEMO, expect, signInToFrame, test } from './support/fixtures';

test.describe('errors', () => {
  test('an API 402 opens the Payment Required dialog', async ({ page }) => {
    await signInToFrame(page, DEMO.admin);
    // The tenant's card fails: the next call the page makes is refused with 402.
    await page.route('**/api/tenant', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Your payment failed or is past due. Please update your payment method.',
          code: 'PAYMENT_REQUIRED',
          requiresPayment: true,
          billingStatus: 'delinquent',
        }),
      }),
    );
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Payment Required' });
    await expect(dialog).toContainText('Your payment method has failed or your account is past due.');
    await expect(dialog).toContainText('Your payment failed or is past due. Please update your payment method.');
    await expect(dialog.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:/);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Update Payment Method: when the billing portal cannot be opened, the billing page is next.
    await page.reload();
    await dialog.getByRole('button', { name: 'Update Payment Method' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(dialog).toBeHidden();
  });

  test('the 402 dialog falls back to the default message', async ({ page }) => {
    await signInToFrame(page, DEMO.admin);
    await page.route('**/api/tenant', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ requiresPayment: true, billingStatus: 'canceled' }),
      }),
    );
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Payment Required' });
    await expect(dialog).toContainText('Your subscription has been canceled.');
    await expect(dialog).toContainText('Please update your payment method to continue using the service.');
  });
});
