import type { Page } from '@playwright/test';
import type { CampaignResponse } from '@shared/api/campaigns.types';
import type { ContactImportResponse, ContactsPage, OutboundContact } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { createAgent, signIn, OUTBOUND_DISCLOSURE } from '../../api/support/api-actions';
import { expectStatus, type ApiClient } from '../../api/support/api-client';
import { expect, openInApp, signInAs, type TenantAccount } from './fixtures';

/** The offline draft flow's steps, shared by the web (IndexedDB) and desktop (main-process store) browser tests. */

export const CONTACTS = 60;
export const EDITED = 50;
/**
 * The whole offline flow's time limit: fifty cells edited by hand, one at a time, took up to 3.8 minutes on a busy
 * two-core machine running two browser tests at once (1.1 minutes alone).
 */
export const OFFLINE_FLOW_TIMEOUT_MS = 5 * 60_000;
/** The row the offline flow adds, and the original row it deletes. */
export const ADDED_PHONE = '+447911299999';
const DELETED_INDEX = 1;
/** The original row someone changes on the server while the draft is offline. */
const CHANGED_ON_SERVER_INDEX = 3;

/**
 * Set-up through the API: an outbound campaign whose agent has no number (so the dialer leaves its contacts alone),
 * with 60 contacts imported.
 */
async function campaignWithContacts(api: ApiClient, token: string): Promise<string> {
  const agent = expectStatus(
    await createAgent(api, token, { name: 'Mere', disclosure: OUTBOUND_DISCLOSURE }),
    201,
    'agent',
  ).body.agent as {
    id: string;
  };
  const created = await api.request<CampaignResponse>('POST', apiRoutes.campaigns.collection(), {
    token,
    body: {
      name: 'Spring recall',
      goal: 'Book check-ups.',
      campaignType: 'outbound',
      agentId: agent.id,
      callingHoursType: 'all_hours',
      timezone: 'Europe/London',
      daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      maxCallsPerDay: 100,
      callIntervalMinutes: 60,
    },
  });
  const { id } = expectStatus(created, 201, 'campaign').body.campaign;
  const lines = Array.from(
    { length: CONTACTS },
    (_, index) => `+4479112${String(index).padStart(5, '0')},Patient ${index}`,
  );
  const started = await api.request<ContactImportResponse>('POST', apiRoutes.contacts.import(id), {
    token,
    raw: `phone,name\n${lines.join('\n')}\n`,
    headers: { 'content-type': 'text/csv' },
  });
  const importId = expectStatus(started, 202, 'import').body.import.id;
  await expect
    .poll(
      async () =>
        (await api.request<ContactImportResponse>('GET', apiRoutes.contacts.importById(importId), { token })).body
          .import.status,
      { timeout: 20_000 },
    )
    .toBe('finished');
  return id;
}

export async function contactsOf(api: ApiClient, token: string, campaignId: string): Promise<OutboundContact[]> {
  const res = await api.request<ContactsPage>('GET', `${apiRoutes.contacts.collection(campaignId)}?limit=200`, {
    token,
  });
  return expectStatus(res, 200, 'contacts').body.contacts;
}

/** An admin's token and a campaign of 60 contacts, as the server first had them. */
export async function draftScenario(api: ApiClient, admin: TenantAccount) {
  const { accessToken: token } = await signIn(api, admin.email, admin.password);
  const campaignId = await campaignWithContacts(api, token);
  const original = await contactsOf(api, token, campaignId);
  expect(original).toHaveLength(CONTACTS);
  return { token, campaignId, original };
}

export type DraftScenario = Awaited<ReturnType<typeof draftScenario>>;

export const draftBadge = (page: Page) => page.getByTestId('draft-badge');

/** Signs the admin in and opens the campaign's contacts as a draft, from the campaign's page. */
export async function openDraftFromCampaign(page: Page, admin: TenantAccount, campaignId: string): Promise<void> {
  await signInAs(page, admin);
  await openInApp(page, `/campaigns/${campaignId}`);
  await page.getByRole('link', { name: 'Edit offline' }).click();
  await expect(draftBadge(page)).toHaveText('Draft · 0 rows changed');
}

/** Edits a cell of the draft grid as a person does: double-click, type, Enter; the grid waits for the draft's write. */
export async function editCell(
  page: Page,
  rowId: string,
  field: 'phoneNumber' | 'metadata',
  value: string,
): Promise<void> {
  const cell = page.locator(`[role="row"][data-id="${rowId}"] [data-field="${field}"]`);
  await cell.dblclick();
  const input = cell.locator('input');
  await input.fill(value);
  await input.press('Enter');
  await expect(cell).toHaveText(value);
}

/** With the API unreachable: edits the first 50 rows, adds a row and deletes the second original row. */
export async function editDraftOffline(page: Page, original: OutboundContact[]): Promise<void> {
  const badge = draftBadge(page);
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  for (let index = 0; index < EDITED; index += 1) {
    await editCell(page, original[index]!.id, 'metadata', `name=Edited ${index}`);
  }
  await expect(badge).toHaveText(`Draft · ${EDITED} rows changed`);
  await page.getByRole('button', { name: 'Add row' }).click();
  // The new row is on top once the draft has stored it.
  await expect(badge).toHaveText(`Draft · ${EDITED + 1} rows changed`);
  const addedId = await page.locator('[role="row"][data-id]').first().getAttribute('data-id');
  expect(addedId).toBeTruthy();
  await editCell(page, addedId!, 'phoneNumber', ADDED_PHONE);
  await editCell(page, addedId!, 'metadata', 'name=Walk-in');
  await page.getByRole('button', { name: `Delete row ${original[DELETED_INDEX]!.phoneNumber}` }).click();
  await expect(badge).toHaveText(`Draft · ${EDITED + 1} rows changed`);
}

/** A reload with no server: the draft comes back from where it was stored, and the banner says where things stand. */
export async function reloadOffline(page: Page, original: OutboundContact[]): Promise<void> {
  await page.reload();
  await expect(page.getByText('Connection to our servers lost. Please check your internet connection.')).toBeVisible();
  await expect(draftBadge(page)).toHaveText(`Draft · ${EDITED + 1} rows changed`);
  await expect(page.locator(`[role="row"][data-id="${original[0]!.id}"] [data-field="metadata"]`)).toHaveText(
    'name=Edited 0',
  );
}

/**
 * Someone changes a contact on the server meanwhile; back online, the sync reports it as a conflict beside the
 * draft's value, the admin keeps theirs, and a second sync applies it.
 */
export async function syncThroughConflict(page: Page, api: ApiClient, scenario: DraftScenario): Promise<void> {
  const changedOnServer = scenario.original[CHANGED_ON_SERVER_INDEX]!;
  expectStatus(
    await api.request('PATCH', apiRoutes.contacts.byId(changedOnServer.id), {
      token: scenario.token,
      body: { metadata: { name: 'Changed at the desk' } },
    }),
    200,
    'server edit',
  );

  const badge = draftBadge(page);
  await page.unroute('**/api/**');
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByText('Sync finished: 50 applied, 1 conflicts, 0 invalid.')).toBeVisible();
  const conflict = page.getByTestId(`conflict-${changedOnServer.id}`);
  await expect(conflict).toContainText('This contact was changed on the server since the draft read it.');
  await expect(conflict).toContainText(`name=Edited ${CHANGED_ON_SERVER_INDEX}`);
  await expect(conflict).toContainText('name=Changed at the desk');
  await expect(badge).toHaveText('Draft · 1 row changed');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toHaveCount(0);
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByText('Sync finished: 1 applied, 0 conflicts, 0 invalid.')).toBeVisible();
  await expect(badge).toHaveText('Draft · 0 rows changed');
}

/** The server has exactly the intended rows: 50 edited, one deleted, one added, the rest as they were. */
export async function expectIntendedRows(api: ApiClient, { token, campaignId, original }: DraftScenario) {
  const final = await contactsOf(api, token, campaignId);
  const byNumber = new Map(final.map((contact) => [contact.phoneNumber, contact.metadata]));
  expect(final).toHaveLength(CONTACTS);
  expect(byNumber.has(original[DELETED_INDEX]!.phoneNumber)).toBe(false);
  expect(byNumber.get(ADDED_PHONE)).toEqual({ name: 'Walk-in' });
  original.forEach((contact, index) => {
    if (index === DELETED_INDEX) return;
    const expected = index < EDITED ? { name: `Edited ${index}` } : contact.metadata;
    expect(byNumber.get(contact.phoneNumber), contact.phoneNumber).toEqual(expected);
  });
}
