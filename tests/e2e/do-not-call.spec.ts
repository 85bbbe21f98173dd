import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { apiRoutes } from '@shared/api/routes';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { signIn } from '../api/support/api-actions';
import { expectStatus } from '../api/support/api-client';
import { expect, signInAs } from './support/fixtures';
import { expectNoSidewaysScrolling } from './support/layout';
import { test } from './support/outbound-tenant';

const ADDED = '+64215550100';
const IMPORTED = ['+64215550101', '+64215550102'];

/** The grid's row of a listed number, found by the number as the grid shows it. */
const rowOf = (grid: Locator, e164: string) => grid.getByRole('row').filter({ hasText: formatPhoneNumber(e164) });

test.describe('the do-not-call list', () => {
  test('an admin adds, searches, imports, exports and removes numbers', async ({ page, outboundTenant }, testInfo) => {
    await signInAs(page, outboundTenant.admin);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('link', { name: 'Do-not-call List' }).click();
    await expect(page).toHaveURL(/\/campaigns\/do-not-call$/);
    await expect(page.getByRole('heading', { name: 'Do-not-call List' })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Do-not-call numbers' });
    await expect(grid.getByText('No numbers on the do-not-call list yet.')).toBeVisible();

    // Add: the shared schema refuses a number it cannot read before anything is sent.
    await page.getByRole('button', { name: 'Add Number' }).click();
    const adder = page.getByRole('dialog', { name: 'Add to Do-not-call List' });
    await adder.getByLabel('Phone Number').fill('12');
    await adder.getByRole('button', { name: 'Add Number' }).click();
    await expect(adder.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    await adder.getByLabel('Phone Number').fill('+64 21 555 0100');
    await adder.getByLabel('Reason').fill('Asked by e-mail');
    await adder.getByRole('button', { name: 'Add Number' }).click();
    await expect(adder).toBeHidden();
    const added = rowOf(grid, ADDED);
    await expect(added).toContainText('Added manually');
    await expect(added).toContainText('Asked by e-mail');
    await expect(added).toContainText(`by ${outboundTenant.admin.email}`);
    await expect(added).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);

    // Import: new numbers are added, the listed one and the unreadable one are skipped.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import Do-not-call Numbers' });
    const chooser = page.waitForEvent('filechooser');
    await importer.getByRole('button', { name: 'Choose CSV File' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'opt-outs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['phone', ...IMPORTED, ADDED, 'not-a-number'].join('\n')),
    });
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(importer.getByTestId('import-outcome')).toHaveText(
      '2 numbers added to the do-not-call list; skipped 1 already listed, 1 invalid number.',
    );
    await importer.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('3 numbers listed')).toBeVisible();
    await expect(rowOf(grid, IMPORTED[1]!)).toContainText('CSV import');

    // Search by digits, however they are typed.
    await page.getByLabel('Search by number').fill('21 555 0101');
    await expect(page.getByText('1 number found')).toBeVisible();
    await expect(grid.getByRole('row')).toHaveCount(2);
    await page.getByLabel('Search by number').fill('999999');
    await expect(grid.getByText('No listed number matches the search.')).toBeVisible();
    await page.getByLabel('Search by number').fill('');
    await expect(page.getByText('3 numbers listed')).toBeVisible();

    // Export: the whole list as CSV.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exported = testInfo.outputPath('do-not-call.csv');
    await (await download).saveAs(exported);
    const lines = fs.readFileSync(exported, 'utf8').split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe('phoneNumber,source,reason,createdAt');
    // A cell starting with + is written formula-safe, behind an apostrophe that spreadsheets hide.
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([ADDED, ...IMPORTED].map((n) => `'${n}`).sort());

    // Remove, once confirmed.
    await grid.getByRole('button', { name: `Remove ${formatPhoneNumber(IMPORTED[0]!)}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from the do-not-call list?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('2 numbers listed')).toBeVisible();
    await expect(rowOf(grid, IMPORTED[0]!)).toHaveCount(0);

    // On a phone the list fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(added).toContainText('Added manually ·');
    await expectNoSidewaysScrolling(page);
  });

  test('a member who is not an admin reads and exports the list but cannot change it', async ({
    page,
    api,
    outboundTenant,
  }) => {
    const { accessToken } = await signIn(api, outboundTenant.admin.email, outboundTenant.admin.password);
    const listed = await api.request('POST', apiRoutes.doNotCall.collection(), {
      token: accessToken,
      body: { phoneNumber: ADDED, reason: 'Complained to reception' },
    });
    expectStatus(listed, 201, 'listing a number');

    await signInAs(page, outboundTenant.user);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('link', { name: 'Do-not-call List' }).click();
    const grid = page.getByRole('grid', { name: 'Do-not-call numbers' });
    await expect(rowOf(grid, ADDED)).toContainText('Complained to reception');
    await expect(page.getByText('Only account admins can add, import or remove numbers.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Add Number' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
    await expect(grid.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  });
});
