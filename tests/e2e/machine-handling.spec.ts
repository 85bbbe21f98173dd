import type { Locator, Page } from '@playwright/test';
import type { CampaignResponse } from '@shared/api/campaigns.types';
import { apiRoutes } from '@shared/api/routes';
import { buyNumber, createAgent, signIn, OUTBOUND_DISCLOSURE } from '../api/support/api-actions';
import { expectStatus } from '../api/support/api-client';
import { expect, openInApp, signInAs } from './support/fixtures';
import { test } from './support/outbound-tenant';

/** Chooses an option of an MUI select by the select's label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A UK mobile (no legal quiet hours of its own) ending in 00471: the sandbox's answering machine with a beep. */
const MACHINE_WITH_BEEP = '+447911000471';

test.describe('answering machines', () => {
  test('an admin sets a voicemail message on a campaign and sees the message left, with its badge and evidence', async ({
    page,
    api,
    outboundTenant,
  }) => {
    // Set-up through the API: an agent on a number and an outbound campaign around the clock, not started yet.
    const { accessToken: token } = await signIn(api, outboundTenant.admin.email, outboundTenant.admin.password);
    const number = await buyNumber(api, token, { country: 'NZ' });
    const agent = expectStatus(
      await createAgent(api, token, { name: 'Aroha', phoneNumberId: number.id, disclosure: OUTBOUND_DISCLOSURE }),
      201,
      'agent',
    ).body.agent;
    const created = await api.request<CampaignResponse>('POST', apiRoutes.campaigns.collection(), {
      token,
      body: {
        name: 'Recall voicemail',
        goal: 'Remind patients of their check-up.',
        campaignType: 'outbound',
        agentId: agent.id,
        callingHoursType: 'all_hours',
        timezone: 'Europe/London',
        daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        maxCallsPerDay: 1000,
        callIntervalMinutes: 1,
      },
    });
    const campaignId = expectStatus(created, 201, 'campaign').body.campaign.id;

    await signInAs(page, outboundTenant.admin);
    await openInApp(page, `/campaigns/${campaignId}`);
    // The dashboard stays on screen until the campaign's page is ready, and its agents have Edit buttons too.
    await expect(page.getByRole('heading', { name: 'Recall voicemail', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Recall voicemail' });
    const machine = dialog.getByTestId('machine-handling');
    await expect(machine).toContainText('When voicemail answers');
    await choose(dialog, page, 'When a machine answers', 'Leave a message');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('A voicemail message is required to leave one')).toBeVisible();
    await dialog.getByLabel('Voicemail message').fill('Hi {{first_name}}, this is the clinic. Please call us back.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Leave a message')).toBeVisible();

    // A contact whose number reaches an answering machine, then the campaign starts (set-up through the API).
    const contact = await api.request('POST', apiRoutes.contacts.collection(campaignId), {
      token,
      body: { phoneNumber: MACHINE_WITH_BEEP, metadata: { first_name: 'Ana' } },
    });
    expectStatus(contact, 201, 'contact');
    expectStatus(await api.request('POST', apiRoutes.campaigns.resume(campaignId), { token }), 200, 'resume');

    // The review of machine verdicts shows the message left, with its badge and what was detected.
    const review = page.getByTestId('machine-verdicts');
    await expect(async () => {
      await openInApp(page, `/campaigns/${campaignId}/analytics`);
      await expect(review.getByRole('row', { name: /\+44/ })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    const row = review.getByRole('row', { name: /\+44/ });
    await expect(row.locator('[data-variant="default"]')).toHaveText('Voicemail left');
    await expect(row).toContainText('Detected: machine_end_beep');
    await expect(row).toContainText('Left: “Hi Ana, this is the clinic. Please call us back.”');
    await expect(page.getByTestId('machine-figures')).toContainText('Voicemails Left1');
    await expect(page.getByRole('heading', { name: 'Who Answered, by Day' })).toBeVisible();
    await expect(page.getByRole('img', { name: /answered by a person, by a machine/ })).toBeVisible();

    // Marking the verdict wrong counts in the share of verdicts marked wrong.
    await row.getByRole('button', { name: 'Mark wrong' }).click();
    await expect(row.getByRole('button', { name: 'Marked wrong' })).toBeVisible();
    await expect(page.getByTestId('machine-figures')).toContainText('Verdicts Marked Wrong100%');
  });
});
