import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { CampaignResponse } from '@shared/api/campaigns.types';
import type { ContactImportResponse } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { buyNumber, createAgent, signIn, OUTBOUND_DISCLOSURE } from '../api/support/api-actions';
import { expectStatus, type ApiClient } from '../api/support/api-client';
import { expect, openInApp, signInAs, type TenantAccount } from './support/fixtures';
import { test } from './support/outbound-tenant';

const KNOWLEDGE_PDF = path.resolve(import.meta.dirname, '../fixtures/harbour-dental-faq.pdf');

/** Chooses an option of an MUI select by the select's label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Set-up through the API (not the behaviour under test): an agent on a number of the admin's tenant. */
async function agentWithNumber(api: ApiClient, admin: TenantAccount, name: string): Promise<string> {
  return (await agentOnNumber(api, admin, name)).name;
}

async function agentOnNumber(api: ApiClient, admin: TenantAccount, name: string) {
  const { accessToken } = await signIn(api, admin.email, admin.password);
  const number = await buyNumber(api, accessToken, { country: 'NZ' });
  const created = await createAgent(api, accessToken, {
    name,
    phoneNumberId: number.id,
    disclosure: OUTBOUND_DISCLOSURE,
  });
  expect(created.status, created.text).toBe(201);
  return { name, id: (created.body as { agent: { id: string } }).agent.id, token: accessToken };
}

/** Set-up through the API: a running outbound campaign around the clock, with contacts imported from `csv`. */
async function runningCampaign(api: ApiClient, admin: TenantAccount, csv: string): Promise<string> {
  const agent = await agentOnNumber(api, admin, 'Rawiri');
  const created = await api.request<CampaignResponse>('POST', apiRoutes.campaigns.collection(), {
    token: agent.token,
    body: {
      name: 'Winter flu clinic',
      goal: 'Offer flu shots to registered patients.',
      campaignType: 'outbound',
      agentId: agent.id,
      callingHoursType: 'all_hours',
      timezone: 'Europe/London',
      daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      maxCallsPerDay: 1000,
      callIntervalMinutes: 60,
    },
  });
  const { id } = expectStatus(created, 201, 'campaign').body.campaign;
  // A new outbound campaign waits for its admin to start it.
  expectStatus(await api.request('POST', apiRoutes.campaigns.resume(id), { token: agent.token }), 200, 'resume');
  const started = await api.request<ContactImportResponse>('POST', apiRoutes.contacts.import(id), {
    token: agent.token,
    raw: csv,
    headers: { 'content-type': 'text/csv' },
  });
  const importId = expectStatus(started, 202, 'import').body.import.id;
  await expect
    .poll(
      async () =>
        (
          await api.request<ContactImportResponse>('GET', apiRoutes.contacts.importById(importId), {
            token: agent.token,
          })
        ).body.import.status,
      { timeout: 20_000 },
    )
    .toBe('finished');
  return id;
}

/**
 * A contact list of 1,000 data rows, as people export them from a spreadsheet: UK mobiles (no legal quiet hours of
 * their own, so the sandbox may ring them at any hour of the test), one row with a bad number, one duplicate and one
 * with a missing column. The first contact's number ends in 9, which the sandbox answers as a failed call.
 */
function contactsCsv(): { text: string; rows: number; valid: number } {
  const lines = ['phone,first_name,plan,city'];
  for (let index = 0; index < 997; index += 1) {
    // One number typed the local way, read in the campaign's default country.
    const number =
      index === 0 ? '+447911100009' : index === 1 ? '07911 200001' : `+4479112${String(index).padStart(5, '0')}`;
    lines.push(`${number},Client ${index},Gold,Leeds`);
  }
  lines.push('not-a-number,Broken,Gold,Leeds');
  lines.push('+447911100009,Twice,Gold,Leeds');
  lines.push('+447911199999,Short row');
  return { text: `${lines.join('\n')}\n`, rows: 1000, valid: 997 };
}

test.describe('campaigns', () => {
  test('an admin creates an outbound campaign, imports 1,000 contacts with a preview, starts it and sees the sandbox dial, then exports and re-imports', async ({
    page,
    api,
    outboundTenant,
  }, testInfo) => {
    test.slow();
    const agentName = await agentWithNumber(api, outboundTenant.admin, 'Mere');
    await signInAs(page, outboundTenant.admin);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    await expect(page.getByText('No campaigns yet')).toBeVisible();
    await expect(page.getByText('Each campaign can have one voice agent.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'New Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByRole('button', { name: 'Outbound' }).click();
    // The shared schema's rules beside their fields (spec 000 §5).
    await dialog.getByLabel('Max Calls per Day').fill('');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(dialog.getByText('Campaign name is required')).toBeVisible();
    await expect(dialog.getByText('Campaign goal is required')).toBeVisible();
    await expect(dialog.getByText('An agent is required for outbound campaigns')).toBeVisible();
    await expect(dialog.getByText(/^Max calls per day must be a whole number from 1 to 1000/)).toBeVisible();

    await dialog.getByLabel('Campaign Name').fill('Spring recall');
    await dialog.getByLabel('Campaign Goal').fill('Book check-ups with patients not seen for a year.');
    await choose(dialog, page, 'Agent', agentName);
    await choose(dialog, page, 'Calling Hours', '24/7');
    await expect(dialog.getByLabel('Start Time')).toHaveCount(0);
    await choose(dialog, page, 'Timezone', 'London');
    // National numbers are read in the tenant's country unless the campaign names another.
    await expect(dialog.getByRole('combobox', { name: 'Default Country' })).toHaveText('New Zealand');
    await choose(dialog, page, 'Default Country', /^United Kingdom$/);
    for (const day of ['Sat', 'Sun']) await dialog.getByRole('checkbox', { name: day }).check();
    await dialog.getByLabel('Max Calls per Day').fill('500');
    await dialog.getByLabel('Call Interval (minutes)').fill('1');
    await dialog.getByRole('button', { name: 'Upload PDF' }).click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose PDF' }).click();
    await (await chooser).setFiles(KNOWLEDGE_PDF);
    await expect(page.getByText('File uploaded')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();

    // The new campaign opens on its contacts.
    await expect(page.getByRole('heading', { name: 'Spring recall', level: 1 })).toBeVisible();
    await expect(page.getByText('Outbound', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Calling hours' })).toHaveCount(0);
    await expect(page.getByText('24/7')).toBeVisible();
    await expect(page.getByText('All days')).toBeVisible();
    // Call limits name the agent and count in words, never an id.
    await expect(page.getByRole('definition').filter({ hasText: agentName })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^1 minute$/ })).toBeVisible();
    await expect(page.getByText('Agent ID')).toHaveCount(0);
    await expect(page.getByText('Uploaded PDF')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Contacts', selected: true })).toBeVisible();
    await expect(page.getByText('No contacts yet')).toBeVisible();

    // Import: the preview says what will be skipped and why, then the progress bar, then the toast.
    const csv = contactsCsv();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    await expect(importer.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    const csvChooser = page.waitForEvent('filechooser');
    await importer.getByRole('button', { name: 'Choose CSV File' }).click();
    await (await csvChooser).setFiles({ name: 'recall.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.text) });
    await importer.getByRole('button', { name: 'Preview' }).click();
    const preview = importer.getByTestId('import-preview');
    await expect(preview).toContainText(
      `${csv.valid.toLocaleString('en-NZ')} of 1,000 rows will be imported; 3 will be skipped.`,
    );
    const skipped = importer.getByRole('table', { name: 'Rows that will be skipped' });
    await expect(skipped.getByRole('row', { name: /not-a-number/ })).toContainText('Invalid number');
    await expect(skipped.getByRole('row', { name: /^1000 / })).toContainText('Duplicate');
    await expect(skipped.getByRole('row', { name: /^1001 / })).toContainText('Wrong column count');
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    // The bar stays, full, beside the result until the dialog is closed.
    await expect(importer.getByRole('progressbar', { name: /^Import finished/ })).toHaveAttribute(
      'aria-valuenow',
      '100',
      { timeout: 30_000 },
    );
    // The toast and the dialog both say it.
    await expect(page.getByText(`${csv.valid} contacts imported successfully, 3 failed`)).toHaveCount(2);
    await importer.getByRole('button', { name: 'Close' }).click();
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await expect(grid.getByRole('row', { name: /\+44 7911 100009/ })).toBeVisible();
    await expect(grid.getByText('first_name: Client 0')).toBeVisible();
    await expect(grid.getByText('+1 more').first()).toBeVisible();
    await expect(grid.locator('[data-variant="secondary"]').first()).toHaveText('Pending');

    // Overview: the preview before calling starts, then the sandbox dials the first contact.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    const previewDialog = page.getByRole('dialog', { name: 'Campaign Preview' });
    await expect(previewDialog.getByTestId('campaign-preview')).toContainText(
      `${csv.valid} of ${csv.valid} contacts can be called now`,
    );
    const start = previewDialog.getByRole('button', { name: /^(Activate|Resume Calling)$/ });
    if (await start.count()) await start.click();
    else await previewDialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('calling-state')).toHaveText('Calling');

    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByLabel('Search by number').fill('447911100009');
    const dialled = grid.getByRole('row', { name: /\+44 7911 100009/ });
    // The sandbox fails a call to a number ending in 9; the contact waits for its retry, pending again.
    await expect(dialled.getByRole('gridcell', { name: '1 / 3' })).toBeVisible({ timeout: 45_000 });
    await expect(dialled.locator('[data-variant="secondary"]')).toHaveText('Pending');
    await dialled.getByRole('button', { name: /^View attempts/ }).click();
    const attempts = page.getByRole('table', { name: 'Call attempts' });
    const first = attempts.getByRole('row').nth(1);
    await expect(first.getByRole('cell').first()).toHaveText('1');
    await expect(first.locator('[data-variant="destructive"]')).toHaveText('Failed');
    await expect(first.getByRole('cell').nth(3)).toHaveText(/^\d+:\d{2}$/);
    await page.getByRole('button', { name: 'Back to Contacts' }).click();

    // Analytics: the failed call on the day's bar, with the answer rate and cost of the period.
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Outcomes Over Time' })).toBeVisible();
    await expect(page.getByText('Answer Rate')).toBeVisible();
    await expect(page.getByText(/^NZD\s?\d+\.\d{2}$/)).toBeVisible();
    await expect(page.getByTestId('analytics-period')).toContainText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} – /);
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByLabel('Search by number').fill('');

    // Export, then import the file into a second campaign: the same contacts come back.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exported = testInfo.outputPath('exported.csv');
    await (await download).saveAs(exported);
    const exportedText = fs.readFileSync(exported, 'utf8');
    expect(exportedText.split(/\r?\n/).filter(Boolean)).toHaveLength(csv.valid + 1);

    // Every exported row is a contact the campaign already has: the file gives back the same contacts.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const reimport = page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    const exportChooser = page.waitForEvent('filechooser');
    await reimport.getByRole('button', { name: 'Choose CSV File' }).click();
    await (await exportChooser).setFiles(exported);
    await reimport.getByRole('button', { name: 'Preview' }).click();
    await expect(reimport.getByTestId('import-preview')).toContainText(
      `0 of ${csv.valid} rows will be imported; ${csv.valid} will be skipped.`,
    );
    await expect(reimport.getByRole('list', { name: 'Skipped rows by reason' })).toHaveText(`Duplicate: ${csv.valid}`);
    await reimport.getByRole('button', { name: 'Cancel' }).click();
  });

  test('a tenant without outbound calling creates an inbound campaign, edits it and gives it an agent from the dashboard', async ({
    page,
    freshTenant,
  }) => {
    test.slow();
    await signInAs(page, freshTenant.admin);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: 'New Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await expect(dialog.getByTestId('inbound-only')).toContainText('Inbound Calls Only');
    await expect(dialog.getByTestId('inbound-only')).toContainText('Your plan includes inbound calls only.');
    await expect(dialog.getByRole('button', { name: 'Outbound' })).toHaveCount(0);
    await dialog.getByLabel('Campaign Name').fill('After-hours line');
    await dialog.getByLabel('Campaign Goal').fill('Take messages when the clinic is closed.');
    await dialog.getByLabel('Knowledge URL').fill('https://www.example.com/hours');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();

    await expect(page.getByRole('heading', { name: 'After-hours line', level: 1 })).toBeVisible();
    await expect(page.getByTestId('inbound-settings')).toContainText('Inbound Settings');
    await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
    await expect(page.getByText('This campaign is not configured for outbound calling.')).toBeVisible();

    // Edit on the update schema; deactivating dims the card.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit After-hours line' });
    await edit.getByLabel('Campaign Goal').fill('Take messages at night and at weekends.');
    await edit.getByLabel('Active').uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Take messages at night and at weekends.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    const card = page.getByRole('article', { name: 'After-hours line' });
    await expect(card.getByText('Inactive')).toBeVisible();
    await expect(card).toHaveAttribute('data-dimmed', 'true');
    await expect(card).toContainText('https://www.example.com/hours');

    // View Agent: the dashboard for the campaign, without an agent yet; one is created for it.
    await card.getByRole('link', { name: 'View Agent' }).click();
    await expect(page).toHaveURL(/\/\?campaignId=/);
    await expect(page.getByTestId('campaign-name-badge')).toHaveText('After-hours line');
    await expect(page.getByText('Take messages at night and at weekends.')).toBeVisible();
    await expect(page.getByText('No agent assigned to this campaign')).toBeVisible();
    await page.getByRole('button', { name: 'Create Campaign Agent' }).click();
    const agentDialog = page.getByRole('dialog', { name: 'Create AI Voice Agent' });
    await agentDialog.getByLabel('Agent Name / Persona').fill('Nia');
    await agentDialog.getByLabel('Purpose').fill('Takes messages for the clinic after hours.');
    await agentDialog.getByLabel('Greeting Script').fill('Kia ora, you have reached the clinic after hours.');
    await agentDialog.getByLabel('Closing Script').fill('Thanks, we will call you back tomorrow.');
    await agentDialog.getByRole('button', { name: 'Create Agent' }).click();
    await page
      .getByRole('dialog', { name: 'AI Voice Agent Created!' })
      .getByRole('button', { name: 'Return to Dashboard' })
      .click();
    await expect(page).toHaveURL(/\/\?campaignId=/);
    await expect(page.getByRole('article', { name: 'Nia' })).toBeVisible();
    await expect(page.getByText('No agent assigned to this campaign')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Create Campaign Agent|Create Agent/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Campaigns' }).click();
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  });

  test('an admin adds, edits and deletes a contact, pages through the list and calls chosen contacts at once', async ({
    page,
    api,
    outboundTenant,
  }) => {
    test.slow();
    const rows = Array.from(
      { length: 120 },
      (_, index) => `+4479112${String(index).padStart(5, '0')},Patient ${index}`,
    );
    const campaignId = await runningCampaign(api, outboundTenant.admin, `phone,name\n${rows.join('\n')}\n`);
    await signInAs(page, outboundTenant.admin);
    await openInApp(page, `/campaigns/${campaignId}`);
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await expect(page.getByText('1–50 of 120')).toBeVisible();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('51–100 of 120')).toBeVisible();
    await expect(grid.getByRole('row', { name: /Patient 50\b/ })).toBeVisible();
    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await expect(page.getByText('1–50 of 120')).toBeVisible();

    // Add: metadata must be JSON (spec 000 §5); the contact then appears with its metadata.
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const add = page.getByRole('dialog', { name: 'Add Contact' });
    await add.getByLabel('Phone Number').fill('+44 7911 200500');
    await add.getByLabel('Metadata (JSON)').fill('{ name: Ana }');
    await add.getByRole('button', { name: 'Add Contact' }).click();
    await expect(add.getByText('Invalid JSON in metadata field')).toBeVisible();
    await add.getByLabel('Metadata (JSON)').fill('{ "name": "Ana", "clinic": "Leeds", "shot": "flu", "age": "70" }');
    await add.getByRole('button', { name: 'Add Contact' }).click();
    await expect(page.getByText('Contact added successfully')).toBeVisible();
    await page.getByLabel('Search by number').fill('447911200500');
    const added = grid.getByRole('row', { name: /\+44 7911 200500/ });
    await expect(added).toContainText('name: Ana');
    await expect(added).toContainText('+2 more');
    // A UK mobile may ring in London or on the Channel Islands and Isle of Man: every one of their zones.
    await expect(added).toContainText('4 zones');
    await expect(added).toContainText('all zones its number may ring in');
    await expect(added.getByRole('gridcell', { name: '0 / 3' })).toBeVisible();

    // Edit: five retries.
    await added.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await choose(edit, page, 'Max Retries', '5');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Contact updated successfully')).toBeVisible();
    await expect(added.getByRole('gridcell', { name: '0 / 5' })).toBeVisible();

    // Delete, after the browser's confirmation.
    page.once('dialog', (dialog) => void dialog.accept());
    await added.getByRole('button', { name: /^Delete / }).click();
    await expect(page.getByText('Contact deleted successfully')).toBeVisible();
    await expect(added).toHaveCount(0);
    await page.getByLabel('Search by number').fill('');

    // A batch call of three chosen contacts: contacts far down the list (the dialer works from the top): the sandbox answers …0041 (the call completes), fails …0049 and finds …0047 busy.
    for (const index of [41, 47, 49]) {
      await grid
        .getByRole('row', { name: new RegExp(`Patient ${index}\\b`) })
        .getByRole('checkbox')
        .check();
    }
    await page.getByRole('button', { name: 'Call Selected (3)' }).click();
    const batch = page.getByRole('dialog', { name: 'Call Selected Contacts' });
    await batch.getByRole('button', { name: 'Send Batch Call' }).click();
    await expect(batch.getByText('Call name is required')).toBeVisible();
    await batch.getByLabel('Call Name').fill('Flu shots, first round');
    // The toast may be replaced at once by a live "Call finished" one (one toast at a time): the answer is the proof.
    const sent = page.waitForResponse((response) => response.url().endsWith(`/campaigns/${campaignId}/batch-calls`));
    await batch.getByRole('button', { name: 'Send Batch Call' }).click();
    expect((await sent).status()).toBe(201);
    await expect(batch).toBeHidden();

    const outcomes: Array<[number, string, string]> = [
      [41, 'Completed', 'default'],
      [49, 'Failed', 'destructive'],
      [47, 'Busy', 'secondary'],
    ];
    for (const [index, label, variant] of outcomes) {
      const row = grid.getByRole('row', { name: new RegExp(`Patient ${index}\\b`) });
      await expect(row.getByRole('gridcell', { name: '1 / 3' })).toBeVisible({ timeout: 45_000 });
      await row.getByRole('button', { name: /^View attempts/ }).click();
      const attempt = page.getByRole('table', { name: 'Call attempts' }).getByRole('row').nth(1);
      await expect(attempt.locator(`[data-variant="${variant}"]`)).toHaveText(label, { timeout: 20_000 });
      await page.getByRole('button', { name: 'Back to Contacts' }).click();
    }
  });

  test('on a phone the campaign page shows its tabs on the first screen, its calling settings folded', async ({
    page,
    api,
    outboundTenant,
  }) => {
    const campaignId = await runningCampaign(api, outboundTenant.admin, 'phone,name\n+447911200001,Ana\n');
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, outboundTenant.admin);
    await openInApp(page, `/campaigns/${campaignId}`);
    const tabs = page.getByRole('tablist');
    await expect(tabs).toBeInViewport();
    const settings = page.getByRole('button', { name: 'Calling settings and limits' });
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await settings.click();
    await expect(page.getByRole('definition').filter({ hasText: 'New Zealand' })).toBeVisible();
  });
});
