import type { Page } from '@playwright/test';
import { enterTestCard } from './support/billing';
import { createTestTenant } from '../api/support/api-actions';
import { expect, linkFromMail, signIn, test, uniqueEmail } from './support/fixtures';

const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

/** Registers a tenant through the form, verifies its address from the mail and signs in to plan setup. */
async function registerAndVerify(page: Page, request: Parameters<typeof linkFromMail>[0], label: string) {
  const email = uniqueEmail(label);
  const password = 'my-Secret-42';
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full Name').fill('Casey Founder');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Company Name').fill('Casey Electrical');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

  await page.goto(await linkFromMail(request, email, 'verify-email'));
  await expect(page.getByText('Your e-mail address has been verified.')).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/billing-setup$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Setup' })).toBeVisible();
  return { email, password };
}

test.describe('plan setup', () => {
  test('a new business registers, verifies, adds the test card, activates its plan and reaches the dashboard', async ({
    page,
    request,
  }) => {
    await registerAndVerify(page, request, 'setup');

    await expect(page.getByTestId('setup-status-badge')).toHaveText('Setup Required');
    const plans = page.getByRole('radiogroup', { name: 'Plan' });
    // The first visible plan is chosen to begin with.
    await expect(plans.getByRole('radio').first()).toBeChecked();
    await expect(page.getByRole('button', { name: 'Activate' })).toBeDisabled();

    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    const dialog = await enterTestCard(page, GOOD_CARD);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Payment method added' })).toBeVisible();
    await expect(page.getByTestId('card-on-file')).toContainText('4242');

    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Subscription activated!' })).toBeVisible();

    // Active now: plan setup sends the tenant straight back to the dashboard.
    await page.goto('/billing-setup');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a declined card shows the payment provider’s message and the card is not added', async ({ page, request }) => {
    await registerAndVerify(page, request, 'declined');

    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    const dialog = await enterTestCard(page, DECLINED_CARD);
    // The provider's own message, in the dialog and in the toast titled 'Payment setup failed'.
    await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page.getByText('Payment setup failed')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Please add a payment method to activate your account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Activate' })).toBeDisabled();
  });

  test('a customer whose payment failed is told so, keeps their plan and is offered the portal to fix the card', async ({
    page,
    api,
  }) => {
    const { users } = await createTestTenant(api, { billingStatus: 'delinquent', plan: 'standard' });
    const [admin] = users;
    await signIn(page, admin!.email, admin!.password);
    await expect(page).toHaveURL(/\/billing-setup$/);
    await expect(page.getByTestId('setup-status-badge')).toHaveText('Payment Required');
    const notice = page.getByTestId('setup-returning-notice');
    await expect(notice).toContainText('Your payment failed or is past due. Please update your payment method.');
    await expect(notice.getByRole('button', { name: 'Update Payment Method' })).toBeVisible();
    // Their own plan stays chosen, not the first of the list.
    await expect(
      page.getByRole('radiogroup', { name: 'Plan' }).getByRole('radio', { checked: true }),
    ).toHaveAccessibleName(/^Standard/);
  });
});
