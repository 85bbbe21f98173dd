import type { ContactDraft } from '@shared/api/contact-drafts.types';
import {
  ADDED_PHONE,
  EDITED,
  OFFLINE_FLOW_TIMEOUT_MS,
  draftScenario,
  editDraftOffline,
  expectIntendedRows,
  openDraftFromCampaign,
  reloadOffline,
  syncThroughConflict,
} from './support/contact-drafts';
import { test as desktopTest, expect, type DesktopConsole } from './support/desktop-console';
import type { FreshTenant } from './support/fixtures';
import { outboundTenantFixture } from './support/outbound-tenant';

const test = desktopTest.extend<{ outboundTenant: FreshTenant }>(outboundTenantFixture);

/** The campaign's one draft as the main process stored it on disk. */
async function draftOnDisk(desktop: DesktopConsole, campaignId: string): Promise<ContactDraft> {
  const files = await desktop.draftFiles(campaignId);
  expect(files).toHaveLength(1);
  return JSON.parse(files[0]!) as ContactDraft;
}

test.describe('offline contact drafts on the desktop console (the main process’s draft files)', () => {
  test('an admin edits a campaign draft offline, reloads, resolves a conflict and syncs exactly the intended rows', async ({
    page,
    api,
    outboundTenant,
    desktop,
  }) => {
    test.setTimeout(OFFLINE_FLOW_TIMEOUT_MS);
    const scenario = await draftScenario(api, outboundTenant.admin);
    const { campaignId, original } = scenario;

    await openDraftFromCampaign(page, outboundTenant.admin, campaignId);

    await editDraftOffline(page, original);
    await reloadOffline(page, original);

    // What came back was the main process's file, through the bridge; the browser's IndexedDB was never opened.
    const stored = await draftOnDisk(desktop, campaignId);
    expect(stored.tenantId).toBe(outboundTenant.id);
    const countOf = (change: ContactDraft['rows'][number]['change']) =>
      stored.rows.filter((row) => row.change === change).length;
    // Of the 50 edited rows one was then deleted; one row was added.
    expect([countOf('update'), countOf('delete'), countOf('create')]).toEqual([EDITED - 1, 1, 1]);
    expect(stored.rows.find((row) => row.contactId === original[EDITED - 1]!.id)?.metadata).toEqual({
      name: `Edited ${EDITED - 1}`,
    });
    expect(stored.rows.find((row) => row.change === 'create')).toMatchObject({
      phoneNumber: ADDED_PHONE,
      metadata: { name: 'Walk-in' },
    });
    expect(desktop.calls).toContain('drafts:save');
    expect(desktop.calls).toContain('drafts:load');
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((each) => each.name));
    expect(databases).not.toContain('parley-contact-drafts');

    await syncThroughConflict(page, api, scenario);
    await expectIntendedRows(api, scenario);
    // The file follows the sync: nothing is left to send.
    expect((await draftOnDisk(desktop, campaignId)).rows.filter((row) => row.change !== 'none')).toHaveLength(0);
  });
});
