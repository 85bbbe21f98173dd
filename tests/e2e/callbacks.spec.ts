import type { CallbacksPage } from '@shared/api/callbacks.types';
import type { RecentCallsResponse } from '@shared/api/calls.types';
import type { CampaignResponse } from '@shared/api/campaigns.types';
import { apiRoutes } from '@shared/api/routes';
import { RESERVED_TEST_NUMBERS } from '../../server/src/sandbox/call-script';
import { buyNumber, createAgent, signIn, OUTBOUND_DISCLOSURE } from '../api/support/api-actions';
import { expectStatus } from '../api/support/api-client';
import { expect, openInApp, signInAs } from './support/fixtures';
import { test } from './support/outbound-tenant';

/** A UK mobile (no legal quiet hours of its own, so the sandbox may ring it at any hour) whose person asks for a human and whose transfer nobody answers. */
const MISSES_TRANSFER = `+447911${RESERVED_TEST_NUMBERS.transferUnansweredSuffix.padStart(6, '1')}`;
/** A UK mobile whose person asks for a human, and the desk answers. */
const TAKES_TRANSFER = `+447911${RESERVED_TEST_NUMBERS.transferAnsweredSuffix.padStart(6, '1')}`;
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

test.describe('warm transfer and callbacks', () => {
  test('an admin gives an agent a transfer target; a call is handed over, a missed one leaves a callback a member takes', async ({
    page,
    api,
    outboundTenant,
  }) => {
    test.setTimeout(480_000);
    const { admin, user } = outboundTenant;
    const { accessToken } = await signIn(api, admin.email, admin.password);
    const number = await buyNumber(api, accessToken, { country: 'NZ' });
    const created = await createAgent(api, accessToken, {
      name: 'Aroha',
      phoneNumberId: number.id,
      disclosure: OUTBOUND_DISCLOSURE,
    });
    const agentId = expectStatus(created, 201, 'agent').body.agent.id as string;

    // The admin adds a transfer target in the agent form; the shared schema checks the number first.
    await signInAs(page, admin);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Aroha' });
    await edit.getByRole('button', { name: 'Add transfer target' }).click();
    const target = edit.getByRole('group', { name: 'Transfer target 1' });
    await target.getByRole('textbox', { name: 'Name', exact: true }).fill('Sales desk');
    await target.getByLabel('Phone number').fill('12345');
    await target.getByLabel('Transfer when').fill('The caller wants to book now');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(target.getByText(/valid number in E\.164 form/)).toBeVisible();
    await target.getByLabel('Phone number').fill('+6493001234');
    for (const day of ['Sat', 'Sun']) await target.getByRole('checkbox', { name: day }).check();
    await target.getByLabel('Opens').fill('00:00');
    await target.getByLabel('Closes').fill('23:59');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    const saved = await api.request('GET', apiRoutes.agents.byId(agentId), { token: accessToken });
    expect(expectStatus(saved, 200, 'agent').body.agent.transferTargets).toMatchObject([
      { name: 'Sales desk', phoneNumber: '+6493001234', condition: 'The caller wants to book now' },
    ]);

    // Set-up through the API: a campaign around the clock whose one contact misses the transfer.
    const campaign = await api.request<CampaignResponse>('POST', apiRoutes.campaigns.collection(), {
      token: accessToken,
      body: {
        name: 'Bookings',
        goal: 'Book appointments.',
        campaignType: 'outbound',
        agentId,
        callingHoursType: 'all_hours',
        timezone: 'Europe/London',
        daysOfWeek: EVERY_DAY,
        maxCallsPerDay: 100,
        callIntervalMinutes: 1,
      },
    });
    const campaignId = expectStatus(campaign, 201, 'campaign').body.campaign.id;
    const contact = await api.request('POST', apiRoutes.contacts.collection(campaignId), {
      token: accessToken,
      body: { phoneNumber: MISSES_TRANSFER, metadata: { first_name: 'Hemi', last_name: 'Walker' } },
    });
    expectStatus(contact, 201, 'contact');
    const handedOver = await api.request('POST', apiRoutes.contacts.collection(campaignId), {
      token: accessToken,
      body: { phoneNumber: TAKES_TRANSFER, metadata: { first_name: 'Mere', last_name: 'Tane' } },
    });
    expectStatus(handedOver, 201, 'contact');
    expectStatus(await api.request('POST', apiRoutes.campaigns.resume(campaignId), { token: accessToken }), 200, 'go');
    await expect
      .poll(
        async () =>
          (await api.request<CallbacksPage>('GET', apiRoutes.callbacks.collection(), { token: accessToken })).body
            .total,
        { timeout: 120_000, intervals: [1_000] },
      )
      .toBe(1);

    // A plain member finds it from the navigation and takes it.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await signInAs(page, user);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Callbacks' }).click();
    await expect(page.getByRole('heading', { name: 'Callbacks' })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Callbacks' });
    const row = grid.getByRole('row').filter({ hasText: 'Hemi Walker' });
    await expect(row).toContainText('No answer from Sales desk');
    await expect(row).toContainText('Open');
    await row.getByRole('button', { name: 'Take the callback to Hemi Walker' }).click();
    await expect(row).toContainText('Assigned');
    await expect(row).toContainText(user.email);
    await expect(page.getByText('Callback taken')).toBeVisible();

    // An admin need not wait for its time: the campaign dials the contact again now.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await signInAs(page, admin);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Callbacks' }).click();
    await row.getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name: 'Have the campaign call Hemi Walker now' }).click();
    await expect(page.getByText('Callback sent to its campaign to dial now')).toBeVisible();
    // Called again, the contact misses the desk again and leaves a new callback beside the dialled one.
    await expect(row.filter({ hasText: 'Dialled' })).toHaveCount(1);
    const contactId = expectStatus(contact, 201, 'contact').body.contact.id as string;
    await expect
      .poll(
        async () =>
          (await api.request('GET', apiRoutes.dialer.attempts(contactId), { token: accessToken })).body.attempts.length,
        // After the handed-over call, which holds the tenant's line while the desk talks, and the campaign's interval.
        { timeout: 240_000, intervals: [1_000] },
      )
      .toBe(2);

    // The other contact was handed to the desk, who answered: the call shows to whom and how long it rang.
    let transferredCallId = '';
    await expect
      .poll(
        async () => {
          const calls = await api.request<RecentCallsResponse>('GET', `${apiRoutes.calls.list()}?pageSize=20`, {
            token: accessToken,
          });
          transferredCallId = calls.body.calls.find((call) => call.status === 'transferred')?.id ?? '';
          return transferredCallId;
        },
        { timeout: 150_000, intervals: [1_000] },
      )
      .not.toBe('');
    await openInApp(page, `/calls/${transferredCallId}`);
    await expect(page.getByRole('group', { name: 'Transferred to' })).toContainText('Sales desk');
    await expect(page.getByRole('group', { name: 'Transfer', exact: true })).toContainText(/Answered after \d+ s/);
  });
});
