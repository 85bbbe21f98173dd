import { expect, signInAs, test } from './support/fixtures';

test.describe('Account → Data policy', () => {
  test('an admin sees the defaults, is told about a bad number, and saves days and "keep forever"', async ({
    page,
    freshTenant,
  }) => {
    await signInAs(page, freshTenant.admin);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Data policy' });
    await expect(card.getByRole('heading', { name: 'Data policy' })).toBeVisible();
    const redact = card.getByRole('switch', { name: 'Redact personal data in call text' });
    const recordings = card.getByLabel('Keep recordings for (days)');
    const transcripts = card.getByLabel('Keep transcripts for (days)');
    const recordingsForever = card.getByRole('switch', { name: 'Keep recordings forever' });
    await expect(redact).toBeChecked();
    await expect(recordings).toHaveValue('365');
    await expect(transcripts).toHaveValue('365');
    await expect(recordingsForever).not.toBeChecked();

    // Out of range: the form says so and nothing is saved.
    await recordings.fill('0');
    await card.getByRole('button', { name: 'Save data policy' }).click();
    await expect(card.getByText(/whole number of days from 1 to 3650/)).toBeVisible();

    await recordings.fill('90');
    await card.getByRole('switch', { name: 'Keep transcripts forever' }).check();
    await expect(transcripts).toBeDisabled();
    await redact.uncheck();
    await card.getByRole('button', { name: 'Save data policy' }).click();
    await expect(page.getByText('Data policy saved')).toBeVisible();

    // What was saved is what the page shows after a reload.
    await page.reload();
    await expect(recordings).toHaveValue('90');
    await expect(card.getByRole('switch', { name: 'Keep transcripts forever' })).toBeChecked();
    await expect(transcripts).toBeDisabled();
    await expect(redact).not.toBeChecked();
  });
});
