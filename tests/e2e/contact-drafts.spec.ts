import {
  CONTACTS,
  contactsOf,
  draftBadge,
  draftScenario,
  editCell,
  editDraftOffline,
  expectIntendedRows,
  OFFLINE_FLOW_TIMEOUT_MS,
  openDraftFromCampaign,
  reloadOffline,
  syncThroughConflict,
} from './support/contact-drafts';
import { expect, openInApp, signInAs } from './support/fixtures';
import { test } from './support/outbound-tenant';

test.describe('offline contact drafts on the web (IndexedDB)', () => {
  test('an admin edits a campaign draft with the API unreachable, reloads, resolves a conflict and syncs exactly the intended rows', async ({
    page,
    api,
    outboundTenant,
  }) => {
    test.setTimeout(OFFLINE_FLOW_TIMEOUT_MS);
    const scenario = await draftScenario(api, outboundTenant.admin);
    const { token, campaignId } = scenario;

    await openDraftFromCampaign(page, outboundTenant.admin, campaignId);

    // The API goes away; the draft keeps working, and a reload brings it back from IndexedDB.
    await editDraftOffline(page, scenario.original);
    await reloadOffline(page, scenario.original);

    await syncThroughConflict(page, api, scenario);
    await expectIntendedRows(api, scenario);

    // Discarding the draft asks first and leaves the server as it is.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('dialog', { name: 'Discard draft?' }).getByRole('button', { name: 'Discard draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
    expect(await contactsOf(api, token, campaignId)).toHaveLength(CONTACTS);
  });

  test('a sync whose answer is lost is sent again with the same key after a reload: nothing is applied twice', async ({
    page,
    api,
    outboundTenant,
  }) => {
    test.slow();
    const { token, campaignId, original } = await draftScenario(api, outboundTenant.admin);

    await signInAs(page, outboundTenant.admin);
    await openInApp(page, `/campaigns/${campaignId}/draft`);
    const badge = draftBadge(page);
    await expect(badge).toHaveText('Draft · 0 rows changed');
    await editCell(page, original[0]!.id, 'metadata', 'name=First');
    await page.getByRole('button', { name: 'Add row' }).click();
    await expect(badge).toHaveText('Draft · 2 rows changed');
    const addedId = await page.locator('[role="row"][data-id]').first().getAttribute('data-id');
    await editCell(page, addedId!, 'phoneNumber', '+447911288888');
    await expect(badge).toHaveText('Draft · 2 rows changed');

    // The server applies the sync, but its answer never reaches the page.
    let answersLost = 1;
    await page.route('**/api/campaigns/*/contacts/sync', async (route) => {
      if (answersLost === 0) return route.fallback();
      answersLost -= 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    const unanswered = page.getByText("The last sync's answer did not arrive.", { exact: false });
    await expect(unanswered).toBeVisible();
    expect((await contactsOf(api, token, campaignId)).map((c) => c.phoneNumber)).toContain('+447911288888');

    await page.reload();
    await expect(unanswered).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add row' })).toBeDisabled();
    await page.getByRole('button', { name: 'Sync again' }).click();
    await expect(page.getByText('Sync finished: 2 applied, 0 conflicts, 0 invalid.')).toBeVisible();
    await expect(badge).toHaveText('Draft · 0 rows changed');

    const final = await contactsOf(api, token, campaignId);
    expect(final).toHaveLength(CONTACTS + 1);
    expect(final.filter((contact) => contact.phoneNumber === '+447911288888')).toHaveLength(1);
    expect(final.find((contact) => contact.id === original[0]!.id)?.metadata).toEqual({ name: 'First' });
  });
});
