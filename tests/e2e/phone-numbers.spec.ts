import type { Page } from '@playwright/test';
import { DEMO, expect, signInToFrame, test } from './support/fixtures';

/** The first figure of the billing card's "Numbers in use" ("2 of 10"). */
async function numbersInUse(page: Page): Promise<number> {
  const figure = page.getByTestId('phone-billing-card').getByRole('group', { name: 'Numbers in use' });
  await expect(figure).toHaveText(/\d+ of \d+/);
  return Number(/(\d+) of/.exec((await figure.textContent()) ?? '')?.[1]);
}

test.describe('phone numbers', () => {
  test('an admin searches with filters, buys a number, and the lists and billing refresh', async ({ page }) => {
    await signInToFrame(page, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Phone Numbers' })
      .click();

    await expect(page.getByRole('heading', { name: 'Phone Numbers', level: 1 })).toBeVisible();
    await expect(page.getByText('Online', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Your Phone Numbers', selected: true })).toBeVisible();
    const before = await numbersInUse(page);

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
      await expect(result.getByRole('heading')).toHaveText(/^\+1415\d*555/);
      await expect(result).toContainText('San Francisco, CA');
      await expect(result.getByLabel('Country US')).toBeVisible();
      await expect(result.getByText('Voice', { exact: true })).toBeVisible();
      await expect(result.getByText('SMS', { exact: true })).toBeVisible();
    }

    const chosen = results.first();
    const number = (await chosen.getByRole('heading').textContent()) ?? '';
    await chosen.getByRole('button', { name: new RegExp(`^(Select|Purchase) \\${number}$`) }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm Phone Number' });
    await expect(dialog).toContainText(number);
    await expect(dialog.getByTestId('purchase-cost')).toHaveText(/included in your plan|per month/);
    await dialog.getByRole('button', { name: /^Confirm (Selection|Purchase)$/ }).click();

    // Bought: back on the owned list with the new number, billing refreshed.
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Phone number added')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Your Phone Numbers', selected: true })).toBeVisible();
    const row = page.getByRole('table', { name: 'Your phone numbers' }).getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Available');
    await expect.poll(() => numbersInUse(page)).toBeGreaterThanOrEqual(before + 1);

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

  test('a member who is not an admin can look but not buy', async ({ page }) => {
    await signInToFrame(page, DEMO.user);
    await page.goto('/phone-numbers');
    await page.getByRole('tab', { name: 'Search New Numbers' }).click();
    await expect(page.getByText('Only account admins can add phone numbers.')).toBeVisible();
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const first = page.getByRole('list', { name: 'Available numbers' }).getByRole('listitem').first();
    await expect(first.getByRole('button', { name: /^(Select|Purchase) / })).toBeDisabled();
  });
});
