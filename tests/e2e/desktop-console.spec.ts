import type { RecentCallsResponse } from '@shared/api/calls.types';
import { apiRoutes } from '@shared/api/routes';
import { SERVER_ADDRESS_MESSAGES } from '@shared/domain/server-address';
import {
  buyNumber,
  createAgent,
  createTestTenant,
  outboundCampaign,
  signIn,
  OUTBOUND_DISCLOSURE,
} from '../api/support/api-actions';
import { expectStatus } from '../api/support/api-client';
import { expect, signInAs, test } from './support/desktop-console';
import { storedAccessToken } from './support/fixtures';

test.describe('desktop console', () => {
  test('a finished call raises a native notification through the bridge once asked for, and clicking it opens the call', async ({
    page,
    api,
    freshTenant,
    desktop,
  }) => {
    test.slow();
    const { accessToken } = await signIn(api, freshTenant.admin.email, freshTenant.admin.password);
    const number = await buyNumber(api, accessToken, { country: 'AU' });
    const created = await createAgent(api, accessToken, { name: 'Manaia', phoneNumberId: number.id });
    expect(created.status, created.text).toBe(201);

    // Signed in on the desktop path: the session goes to the main process's vault, not to local storage.
    await signInAs(page, freshTenant.admin);
    await expect.poll(async () => (await desktop.state()).vaultHasSession).toBe(true);
    expect(await storedAccessToken(page)).toBeNull();
    expect(desktop.calls).toContain('vault:save');

    // Finished calls wait in the notification centre unless the user asks for them to pop up: the tray follows.
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByLabel('A call finished').check();
    await page.keyboard.press('Escape');

    const call = await api.request('POST', apiRoutes.agents.simulateCall(created.body.agent.id), {
      token: accessToken,
    });
    expect(call.status, call.text).toBe(202);
    await expect
      .poll(async () => (await desktop.state()).notifications, { timeout: 20_000 })
      .toEqual([{ title: 'Call finished', body: 'A call just ended; its details are ready.' }]);

    const calls = await api.request('GET', apiRoutes.calls.list(), { token: accessToken });
    const callId = (calls.body as RecentCallsResponse).calls[0]?.id;
    expect(callId).toBeTruthy();

    const shownBefore = (await desktop.state()).windowShown;
    await desktop.clickNotification(0);
    await expect(page).toHaveURL(new RegExp(`/calls/${callId}$`));
    await expect(page.getByRole('heading', { name: 'Call Details', level: 1 })).toBeVisible();
    expect((await desktop.state()).windowShown).toBe(shownBefore + 1);
  });

  test('the settings screen refuses plain http to another machine, and switching signs out and restarts', async ({
    page,
    freshTenant,
    desktop,
  }) => {
    await signInAs(page, freshTenant.admin);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Desktop settings' }).click();
    await expect(page.getByRole('heading', { name: 'Desktop settings', level: 1 })).toBeVisible();

    const form = page.getByRole('form', { name: 'Server' });
    await form.getByLabel('A Parley server').check();
    const address = form.getByLabel('Server address');
    await address.fill('http://parley.example.com');
    await form.getByRole('button', { name: 'Save and restart' }).click();
    await expect(form.getByText(SERVER_ADDRESS_MESSAGES.insecure)).toBeVisible();
    expect(desktop.calls).not.toContain('settings:switch-server');
    expect((await desktop.state()).vaultHasSession).toBe(true);

    await address.fill('http://127.0.0.1:9');
    await form.getByRole('button', { name: 'Save and restart' }).click();
    await expect.poll(async () => (await desktop.state()).restarts).toBe(1);
    expect((await desktop.state()).vaultHasSession).toBe(false);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the tray shows the connection and the active campaigns, and pauses them all once confirmed', async ({
    page,
    api,
    desktop,
  }) => {
    const { users } = await createTestTenant(api, { outboundCallingEnabled: true, users: ['admin'] });
    const admin = users[0]!;
    const { accessToken } = await signIn(api, admin.email, admin.password);
    // Two campaigns that can call (their agents have numbers), started: a new outbound campaign waits for its admin.
    const campaigns: Array<{ campaignId: string }> = [];
    for (const name of ['Aroha', 'Tama']) {
      const number = await buyNumber(api, accessToken);
      const agent = expectStatus(
        await createAgent(api, accessToken, { name, phoneNumberId: number.id, disclosure: OUTBOUND_DISCLOSURE }),
        201,
        'agent',
      );
      const created = await api.request('POST', apiRoutes.campaigns.collection(), {
        token: accessToken,
        body: { ...outboundCampaign(agent.body.agent.id), name: `Recall ${name}` },
      });
      const campaignId = expectStatus(created, 201, 'campaign').body.campaign.id;
      expectStatus(
        await api.request('POST', apiRoutes.campaigns.resume(campaignId), { token: accessToken }),
        200,
        'start',
      );
      campaigns.push({ campaignId });
    }
    await signInAs(page, admin);
    await expect.poll(async () => (await desktop.state()).trayStatus).toBe('Online · 2 active campaigns');

    await desktop.answerConfirmation(false);
    expect(await desktop.clickTray('pause-all')).toBe(true);
    await expect.poll(async () => (await desktop.state()).confirmations).toBe(1);
    expect((await desktop.state()).trayStatus).toBe('Online · 2 active campaigns');

    await desktop.answerConfirmation(true);
    await desktop.clickTray('pause-all');
    // One toast shows at a time, the newest: the tray's summary, or, when the stream's news of a pause comes after it
    // (as on a busy machine), that campaign's.
    await expect(page.getByText(/^(2 campaigns paused\.|Paused from the desktop tray)$/)).toBeVisible();
    await expect.poll(async () => (await desktop.state()).trayStatus).toBe('Online · 0 active campaigns');
    for (const { campaignId } of campaigns) {
      const campaign = await api.request('GET', apiRoutes.campaigns.byId(campaignId), { token: accessToken });
      expect(campaign.body.campaign).toMatchObject({ pausedReason: 'Paused from the desktop tray' });
    }
    expect(await desktop.clickTray('pause-all')).toBe(false);
  });
});

test.describe('desktop console without system encryption', () => {
  test.use({ systemEncryption: false });

  test('keeps the session in memory only, and says so once', async ({ page, freshTenant, desktop }) => {
    await signInAs(page, freshTenant.admin);
    const notice = page.getByText('You will need to sign in again next time');
    await expect(notice).toBeVisible();
    expect((await desktop.state()).vaultHasSession).toBe(false);
    expect(await storedAccessToken(page)).toBeNull();

    // Still signed in while the console runs; the notice does not come back on the next screen.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Desktop settings' }).click();
    await expect(page.getByRole('heading', { name: 'Desktop settings', level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
    expect(desktop.calls.filter((channel) => channel === 'vault:status')).toHaveLength(1);
  });
});
