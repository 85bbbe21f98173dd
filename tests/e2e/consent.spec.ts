import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import type { CampaignResponse } from '@shared/api/campaigns.types';
import { apiRoutes } from '@shared/api/routes';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { defaultDisclosure } from '@shared/schemas/agent.schema';
import { RESERVED_TEST_NUMBERS } from '../../server/src/sandbox/call-script';
import { buyNumber, createAgent, signIn } from '../api/support/api-actions';
import { expectStatus, type ApiClient } from '../api/support/api-client';
import { expect, openInApp, signInAs, type FreshTenant } from './support/fixtures';
import { test } from './support/outbound-tenant';

/** Chooses an option of an MUI select by the select's exact label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A grid's row of a contact, found by its number as the grid shows it. */
const rowOf = (grid: Locator, e164: string) => grid.getByRole('row').filter({ hasText: formatPhoneNumber(e164) });

/** The lines of a downloaded CSV file. */
async function downloadedLines(page: Page, click: () => Promise<void>, path: string): Promise<string[]> {
  const download = page.waitForEvent('download');
  await click();
  await (await download).saveAs(path);
  return fs
    .readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.length > 0);
}

const LEDGER_HEADER = 'changedAt,changedBy,changedByEmail,contactId,phoneNumber,scope,source,capturedAt,evidence';
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** UK mobiles: no legal quiet hours of their own, so the sandbox may ring them at any hour of the test. */
const OPENING_SKIPPED = `+4479110${RESERVED_TEST_NUMBERS.openingSkippedSuffix}`;

/**
 * Set-up through the API (not the behaviour under test): an agent on a number, whose disclosure line names the
 * tenant's business as the agent form fills it in, and an outbound campaign around the clock that has not started.
 */
async function campaignNotStarted(api: ApiClient, tenant: FreshTenant, name: string) {
  const { accessToken: token } = await signIn(api, tenant.admin.email, tenant.admin.password);
  const number = await buyNumber(api, token, { country: 'NZ' });
  const agent = expectStatus(
    await createAgent(api, token, {
      name: 'Aroha',
      phoneNumberId: number.id,
      disclosure: defaultDisclosure(tenant.name),
    }),
    201,
    'agent',
  ).body.agent;
  const created = await api.request<CampaignResponse>('POST', apiRoutes.campaigns.collection(), {
    token,
    body: {
      name,
      goal: 'Tell patients about the spring whitening offer.',
      campaignType: 'outbound',
      agentId: agent.id,
      callingHoursType: 'all_hours',
      timezone: 'Europe/London',
      daysOfWeek: EVERY_DAY,
      maxCallsPerDay: 1000,
      callIntervalMinutes: 1,
    },
  });
  const campaignId = expectStatus(created, 201, 'campaign').body.campaign.id;
  const addContact = async (phoneNumber: string, consent?: Record<string, string>) =>
    expectStatus(
      await api.request('POST', apiRoutes.contacts.collection(campaignId), {
        token,
        body: { phoneNumber, ...(consent ? { consent } : {}) },
      }),
      201,
      'contact',
    );
  return { token, campaignId, addContact };
}

/** Opens a campaign's contacts as the admin reaches them from the campaign's page. */
async function openContacts(page: Page, campaignId: string): Promise<Locator> {
  await openInApp(page, `/campaigns/${campaignId}`);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  return page.getByRole('grid', { name: 'Contacts' });
}

/** Starts the campaign from its preview, as an admin does once the preview reads right. */
async function startFromPreview(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  return page.getByRole('dialog', { name: 'Campaign Preview' });
}

test.describe('consent and opt-outs', () => {
  test('an admin records a contact’s consent, changes it, and downloads the ledger with both entries', async ({
    page,
    api,
    outboundTenant,
  }, testInfo) => {
    const { campaignId } = await campaignNotStarted(api, outboundTenant, 'Spring offer');
    const NUMBER = '+447911000110';
    await signInAs(page, outboundTenant.admin);
    const grid = await openContacts(page, campaignId);

    // Consent needs its source and time once a scope is chosen.
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const adder = page.getByRole('dialog', { name: 'Add Contact' });
    await adder.getByLabel('Phone Number').fill('+44 7911 000110');
    await choose(adder, page, 'Consent', 'Marketing calls (includes informational)');
    await adder.getByRole('button', { name: 'Add Contact' }).click();
    await expect(adder.getByText('Consent source is required')).toBeVisible();
    await expect(adder.getByText('Consent time is required')).toBeVisible();
    await choose(adder, page, 'Consent Source', 'Web form');
    // In the browser's own zone (Auckland): 2 March 2026, 09:30 is 1 March, 20:30 UTC.
    await adder.getByLabel('Consent Given At').fill('2026-03-02T09:30');
    await adder.getByLabel('Consent Evidence').fill('Newsletter sign-up form #4471');
    await adder.getByRole('button', { name: 'Add Contact' }).click();
    await expect(adder).toBeHidden();
    const row = rowOf(grid, NUMBER);
    await expect(row.getByRole('gridcell', { name: /^Marketing/ })).toHaveText('MarketingWeb form');

    // The contact's own view shows the consent in full.
    const consent = page.getByRole('region', { name: 'Consent' });
    await row.getByRole('button', { name: `View attempts for ${NUMBER}` }).click();
    await expect(consent).toContainText(
      'Marketing calls (includes informational): Web form, Mar 2, 2026, 9:30 AM GMT+13.',
    );
    await expect(consent).toContainText('Evidence: Newsletter sign-up form #4471');
    await page.getByRole('button', { name: 'Back to Contacts' }).click();

    // Changed: the paper form replaces the web form, as the practice found it.
    await row.getByRole('button', { name: `Edit ${NUMBER}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(editor.getByLabel('Consent Evidence')).toHaveValue('Newsletter sign-up form #4471');
    await choose(editor, page, 'Consent', 'Informational calls');
    await choose(editor, page, 'Consent Source', 'Paper form');
    await editor.getByLabel('Consent Evidence').fill('Paper form kept at reception');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editor).toBeHidden();
    await expect(row.getByRole('gridcell', { name: /^Informational/ })).toHaveText('InformationalPaper form');
    await row.getByRole('button', { name: `View attempts for ${NUMBER}` }).click();
    await expect(consent).toContainText('Informational calls: Paper form, Mar 2, 2026, 9:30 AM GMT+13.');

    // The contact's ledger: both entries, oldest first, by the same person.
    const lines = await downloadedLines(
      page,
      () => consent.getByRole('button', { name: 'Download Consent Ledger' }).click(),
      testInfo.outputPath('contact-ledger.csv'),
    );
    expect(lines[0]).toBe(LEDGER_HEADER);
    expect(lines).toHaveLength(3);
    const cells = lines.slice(1).map((line) => line.split(','));
    expect(cells.map((entry) => entry.slice(4))).toEqual([
      [`'${NUMBER}`, 'marketing', 'web_form', '2026-03-01T20:30:00.000Z', 'Newsletter sign-up form #4471'],
      [`'${NUMBER}`, 'informational', 'paper', '2026-03-01T20:30:00.000Z', 'Paper form kept at reception'],
    ]);
    expect(new Set(cells.map((entry) => entry[1])).size).toBe(1);
    expect(cells[0]?.[1]).toBeTruthy();
    expect(cells.map((entry) => entry[2])).toEqual([outboundTenant.admin.email, outboundTenant.admin.email]);

    // The campaign's ledger holds the same two entries.
    await page.getByRole('button', { name: 'Back to Contacts' }).click();
    const campaignLines = await downloadedLines(
      page,
      () => page.getByRole('button', { name: 'Consent Ledger', exact: true }).click(),
      testInfo.outputPath('campaign-ledger.csv'),
    );
    expect(campaignLines).toEqual(lines);
  });

  test('a CSV import gives consent from its columns and its preview names the row whose consent is invalid', async ({
    page,
    api,
    outboundTenant,
  }, testInfo) => {
    const { campaignId } = await campaignNotStarted(api, outboundTenant, 'Imported consent');
    const [FORM, CSV_DEFAULT, NONE, INVALID] = ['+447911000121', '+447911000122', '+447911000123', '+447911000124'];
    await signInAs(page, outboundTenant.admin);
    const grid = await openContacts(page, campaignId);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    for (const column of ['consentScope', 'consentSource', 'consentCapturedAt', 'consentEvidence']) {
      await expect(importer.getByText(column, { exact: true })).toBeVisible();
    }
    const csv = [
      'phone,consentScope,consentSource,consentCapturedAt,consentEvidence,first_name',
      `${FORM},marketing,web_form,2026-02-10T08:00:00Z,Newsletter form #88,Ana`,
      `${CSV_DEFAULT},informational,,,,Ben`,
      `${NONE},,,,,Cai`,
      `${INVALID},everything,paper,2026-02-10,,Dee`,
    ].join('\n');
    const chooser = page.waitForEvent('filechooser');
    await importer.getByRole('button', { name: 'Choose CSV File' }).click();
    await (await chooser).setFiles({ name: 'consent.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importer.getByRole('button', { name: 'Preview' }).click();
    await expect(importer.getByTestId('import-preview')).toContainText(
      '3 of 4 rows will be imported; 1 will be skipped.',
    );
    await expect(importer.getByRole('list', { name: 'Skipped rows by reason' })).toHaveText('Invalid consent: 1');
    const skipped = importer.getByRole('table', { name: 'Rows that will be skipped' });
    await expect(skipped.getByRole('row', { name: /^5 / })).toContainText(
      `${INVALID}Invalid consent: Consent scope must be informational or marketing`,
    );
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('3 contacts imported successfully, 1 failed')).toHaveCount(2, { timeout: 30_000 });
    await importer.getByRole('button', { name: 'Close' }).click();

    await expect(rowOf(grid, FORM).getByRole('gridcell', { name: /^Marketing/ })).toHaveText('MarketingWeb form');
    await expect(rowOf(grid, CSV_DEFAULT).getByRole('gridcell', { name: /^Informational/ })).toHaveText(
      'InformationalCSV import',
    );
    await expect(rowOf(grid, NONE).getByRole('gridcell', { name: /^None/ })).toHaveText('NoneNot recorded');
    await expect(rowOf(grid, INVALID)).toHaveCount(0);

    // Editing something else of a contact whose consent came from the file leaves its consent, and its ledger, alone.
    await rowOf(grid, CSV_DEFAULT)
      .getByRole('button', { name: `Edit ${CSV_DEFAULT}` })
      .click();
    const editor = page.getByRole('dialog', { name: 'Edit Contact' });
    await choose(editor, page, 'Max Retries', '5');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editor).toBeHidden();
    await expect(rowOf(grid, CSV_DEFAULT).getByRole('gridcell', { name: '0 / 5' })).toBeVisible();
    await rowOf(grid, CSV_DEFAULT)
      .getByRole('button', { name: `View attempts for ${CSV_DEFAULT}` })
      .click();
    const lines = await downloadedLines(
      page,
      () => page.getByRole('button', { name: 'Download Consent Ledger' }).click(),
      testInfo.outputPath('imported-ledger.csv'),
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'${CSV_DEFAULT},informational,csv_import,`);
  });

  test('a marketing campaign previews the contacts without marketing consent as “no consent” and calls only the others; the call without a disclosure is flagged', async ({
    page,
    api,
    outboundTenant,
  }) => {
    test.slow();
    const { campaignId, addContact } = await campaignNotStarted(api, outboundTenant, 'Whitening offer');
    const [INFORMATIONAL, SILENT] = ['+447911000132', '+447911000133'];
    await addContact(INFORMATIONAL, { scope: 'informational', source: 'paper', capturedAt: '2026-02-01T09:00:00Z' });
    await addContact(SILENT);
    // The one contact with marketing consent is the sandbox's callee whose call opens without the disclosure.
    await addContact(OPENING_SKIPPED, {
      scope: 'marketing',
      source: 'web_form',
      capturedAt: '2026-02-01T09:00:00Z',
      evidence: 'Offers opt-in',
    });

    await signInAs(page, outboundTenant.admin);
    await openInApp(page, `/campaigns/${campaignId}`);
    await expect(page.getByRole('heading', { name: 'Whitening offer', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Whitening offer' });
    await choose(dialog, page, 'Purpose', 'Marketing');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('definition').filter({ hasText: /^Marketing: / })).toBeVisible();

    const preview = await startFromPreview(page);
    await expect(preview.getByTestId('campaign-preview')).toContainText('1 of 3 contacts can be called now; 2 never.');
    await expect(preview.getByRole('list', { name: 'Contacts never called, by reason' })).toHaveText(
      '2 never — no consent: this marketing campaign calls only contacts with marketing consent',
    );
    await preview.getByRole('button', { name: /^(Activate|Resume Calling)$/ }).click();
    await expect(page.getByTestId('calling-state')).toHaveText('Calling');

    // Only the consenting contact is called; the others wait for consent, never called.
    await page.getByRole('tab', { name: 'Contacts' }).click();
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await expect(rowOf(grid, OPENING_SKIPPED).locator('[data-variant="default"]')).toHaveText('Completed', {
      timeout: 60_000,
    });
    for (const number of [INFORMATIONAL, SILENT]) {
      const waiting = rowOf(grid, number);
      await expect(waiting.locator('[data-variant="secondary"]')).toHaveText('Pending');
      await expect(waiting.getByTestId('skip-reason')).toHaveText('No marketing consent');
      await expect(waiting.getByRole('gridcell', { name: '0 / 3' })).toBeVisible();
      await waiting.getByRole('button', { name: `View attempts for ${number}` }).click();
      await expect(page.getByText('No calls have been made to this contact yet.')).toBeVisible();
      await page.getByRole('button', { name: 'Back to Contacts' }).click();
    }

    // The agent skipped its opening on that call: the call's page says the disclosure was missing.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('article', { name: 'Aroha' }).getByRole('link', { name: 'View Analytics' }).click();
    await page.getByRole('list', { name: 'Recent calls' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Call Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Disclosure missing' })).toContainText(
      "The agent's first words did not say who is calling and that it is an automated assistant.",
      { timeout: 30_000 },
    );
  });

  test('an opt-out from the do-not-call page and one through the API each end the number’s pending contact, which is never called', async ({
    page,
    api,
    outboundTenant,
  }) => {
    test.slow();
    const { token, campaignId, addContact } = await campaignNotStarted(api, outboundTenant, 'Recall');
    const [BY_ADMIN, BY_API, CONTROL] = ['+447911000141', '+447911000142', '+447911000143'];
    for (const number of [BY_ADMIN, BY_API, CONTROL]) await addContact(number);

    await signInAs(page, outboundTenant.admin);
    const grid = await openContacts(page, campaignId);
    for (const number of [BY_ADMIN, BY_API, CONTROL]) {
      await expect(rowOf(grid, number).locator('[data-variant="secondary"]')).toHaveText('Pending');
    }

    // The admin lists a number on the do-not-call page, then comes back to the campaign.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('link', { name: 'Do-not-call List' }).click();
    await page.getByRole('button', { name: 'Add Number' }).click();
    const adder = page.getByRole('dialog', { name: 'Add to Do-not-call List' });
    await adder.getByLabel('Phone Number').fill(BY_ADMIN);
    await adder.getByLabel('Reason').fill('Asked at reception not to be called');
    await adder.getByRole('button', { name: 'Add Number' }).click();
    await expect(adder).toBeHidden();
    await openContacts(page, campaignId);
    const byAdmin = rowOf(grid, BY_ADMIN);
    await expect(byAdmin.locator('[data-variant="destructive"]')).toHaveText('Failed');
    await expect(byAdmin.getByTestId('skip-reason')).toHaveText('On do-not-call list');

    // The practice's SMS gateway sends a STOP reply with an API key while the admin watches the list.
    const key = await api.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
      token,
      body: { name: 'SMS gateway', scope: 'read_write', permissions: ['outbound:write'] },
    });
    const optOut = await api.request('POST', apiRoutes.optOuts.collection(), {
      headers: { 'x-api-key': expectStatus(key, 201, 'API key').body.apiKey },
      body: { phoneNumber: BY_API, source: 'sms', evidence: 'Replied STOP' },
    });
    expect(expectStatus(optOut, 201, 'opt-out').body).toMatchObject({ created: true, endedContacts: 1 });
    const byApi = rowOf(grid, BY_API);
    await expect(byApi.locator('[data-variant="destructive"]')).toHaveText('Failed');
    await expect(byApi.getByTestId('skip-reason')).toHaveText('On do-not-call list');
    await expect(rowOf(grid, CONTROL).getByTestId('skip-reason')).toHaveCount(0);

    // Started afterwards, the campaign calls the one contact left and neither opted-out number.
    const preview = await startFromPreview(page);
    await expect(preview.getByTestId('campaign-preview')).toContainText('1 of 1 contacts can be called now.');
    await preview.getByRole('button', { name: /^(Activate|Resume Calling)$/ }).click();
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await expect(rowOf(grid, CONTROL).locator('[data-variant="default"]')).toHaveText('Completed', { timeout: 60_000 });
    for (const number of [BY_ADMIN, BY_API]) {
      await expect(rowOf(grid, number).getByTestId('skip-reason')).toHaveText('On do-not-call list');
      await rowOf(grid, number)
        .getByRole('button', { name: `View attempts for ${number}` })
        .click();
      await expect(page.getByText('No calls have been made to this contact yet.')).toBeVisible();
      await page.getByRole('button', { name: 'Back to Contacts' }).click();
    }
  });
});
