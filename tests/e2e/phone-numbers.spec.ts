import type { Locator, Page } from '@playwright/test';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { buyNumber, signIn } from '../api/support/api-actions';
import { expect, signInAs, test } from './support/fixtures';
import { expectNoSidewaysScrolling } from './support/layout';

/** The value of the billing card's "Numbers in use" figure ("1 of 10"). */
function numbersInUse(page: Page): Locator {
  return page
    .getByTestId('phone-billing-card')
    .getByRole('group', { name: 'Numbers in use' })
    .getByText(/^\d+ of \d+$/);
}

test.describe('phone numbers', () => {
  test('an admin searches with filters, buys a number, and the lists and billing refresh', async ({
    page,
    freshTenant,
  }) => {
    await signInAs(page, freshTenant.admin);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Phone Numbers' })
      .click();

    await expect(page.getByRole('heading', { name: 'Phone Numbers', level: 1 })).toBeVisible();
    await expect(page.getByText('Online', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Your Phone Numbers', selected: true })).toBeVisible();
    // A Growth tenant of its own: none of its 10 numbers in use yet.
    await expect(numbersInUse(page)).toHaveText('0 of 10');
    await expect(page.getByText("You don't have any phone numbers yet.")).toBeVisible();

    await page.getByRole('tab', { name: 'Search New Numbers' }).click();
    const search = page.getByRole('search');

    // The shared schema's rule shows beside the field.
    await search.getByLabel('Area code').fill('12');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByText('Area code must be 3 digits')).toBeVisible();

    // Nothing in an area code with no numbers: a hint instead of a list.
    await search.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'United States (US)' }).click();
    await search.getByLabel('Area code').fill('999');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No numbers found')).toBeVisible();

    // Area code, digits and the SMS filter narrow the results; each shows its place and badges.
    await search.getByLabel('Area code').fill('415');
    await search.getByLabel('Contains digits').fill('555');
    await search.getByLabel('SMS').check();
    await search.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Available numbers' }).getByRole('listitem');
    await expect(results.first()).toBeVisible();
    for (const result of await results.all()) {
      // Shown in international format; its digits hold the area code and the digits asked for.
      const heading = result.getByRole('heading');
      await expect(heading).toHaveText(/^\+1 415 \d{3} \d{4}$/);
      expect(((await heading.textContent()) ?? '').replace(/\D/g, '')).toMatch(/^1415\d*555/);
      await expect(result).toContainText('San Francisco, CA');
      await expect(result.getByLabel('Country US')).toBeVisible();
      await expect(result.getByText('Voice', { exact: true })).toBeVisible();
      await expect(result.getByText('SMS', { exact: true })).toBeVisible();
    }

    const chosen = results.first();
    const number = (await chosen.getByRole('heading').textContent()) ?? '';
    // The plan includes 3 numbers, so the first is selected rather than bought.
    await chosen.getByRole('button', { name: `Select ${number}`, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm Phone Number' });
    await expect(dialog).toContainText(number);
    await expect(dialog.getByTestId('purchase-cost')).toHaveText(
      'This number is included in your plan at no extra monthly cost.',
    );
    await dialog.getByRole('button', { name: 'Confirm Selection', exact: true }).click();

    // Bought: back on the owned list with the new number, billing refreshed.
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Phone number added')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Your Phone Numbers', selected: true })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Your phone numbers' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ hasText: number });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Available');
    await expect(numbersInUse(page)).toHaveText('1 of 10');

    // The search starts over, empty.
    await page.getByRole('tab', { name: 'Search New Numbers' }).click();
    await expect(page.getByText('Choose a country and search to see numbers you can add.')).toBeVisible();
    await expect(page.getByRole('search').getByLabel('Area code')).toHaveValue('');

    // A bought number leaves the inventory.
    await page.getByRole('search').getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'United States (US)' }).click();
    await page.getByRole('search').getByLabel('Area code').fill('415');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('list', { name: 'Available numbers' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Available numbers' }).getByText(number, { exact: true })).toHaveCount(
      0,
    );
  });

  test('on a phone the owned numbers fit the screen without scrolling sideways', async ({ page, api, freshTenant }) => {
    const { accessToken } = await signIn(api, freshTenant.admin.email, freshTenant.admin.password);
    const number = await buyNumber(api, accessToken, { country: 'NZ' });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, freshTenant.admin);
    await page.goto('/phone-numbers');

    const owned = page.getByRole('list', { name: 'Your phone numbers' }).getByRole('listitem');
    await expect(owned).toHaveCount(1);
    await expect(owned).toContainText(formatPhoneNumber(number.phoneNumber));
    await expect(owned).toContainText('Active');
    await expect(owned).toContainText('Available');
    await expectNoSidewaysScrolling(page);
  });

  test('a member who is not an admin can look but not buy', async ({ page, freshTenant }) => {
    await signInAs(page, freshTenant.user);
    await page.goto('/phone-numbers');
    await page.getByRole('tab', { name: 'Search New Numbers' }).click();
    await expect(page.getByText('Only account admins can add phone numbers.')).toBeVisible();
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const first = page.getByRole('list', { name: 'Available numbers' }).getByRole('listitem').first();
    await expect(first.getByRole('button', { name: /^(Select|Purchase) / })).toBeDisabled();
  });
});
