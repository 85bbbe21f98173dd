import type { CampaignResponse } from '@shared/api/campaigns.types';
import { apiRoutes } from '@shared/api/routes';
import { buyNumber, createAgent, signIn, OUTBOUND_DISCLOSURE } from '../api/support/api-actions';
import { expectStatus, type ApiClient } from '../api/support/api-client';
import { DEMO, expect, openInApp, signInAs, signInToFrame, type TenantAccount } from './support/fixtures';
import { test } from './support/outbound-tenant';

/** A date-time as the renderer's format helpers write it: "Jan 5, 2025, 3:04 PM UTC". */
const DATE_TIME = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M \S+`;

/**
 * Set-up through the API (not the behaviour under test): an outbound campaign of the admin's tenant, around the clock
 * with an hour between calls, with UK contacts (no legal quiet hours of their own) that the sandbox answers. New
 * outbound campaigns wait for their admin to start them.
 */
async function outboundCampaign(api: ApiClient, admin: TenantAccount, phones: readonly string[]) {
  const { accessToken: token } = await signIn(api, admin.email, admin.password);
  const number = await buyNumber(api, token, { country: 'NZ' });
  const agent = await createAgent(api, token, {
    name: 'Mere',
    phoneNumberId: number.id,
    disclosure: OUTBOUND_DISCLOSURE,
  });
  expect(agent.status, agent.text).toBe(201);
  const created = await api.request<CampaignResponse>('POST', apiRoutes.campaigns.collection(), {
    token,
    body: {
      name: 'Spring recall',
      goal: 'Book check-ups.',
      campaignType: 'outbound',
      agentId: (agent.body as { agent: { id: string } }).agent.id,
      callingHoursType: 'all_hours',
      timezone: 'Europe/London',
      daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      maxCallsPerDay: 1000,
      callIntervalMinutes: 60,
    },
  });
  const id = expectStatus(created, 201, 'campaign').body.campaign.id;
  for (const phoneNumber of phones) {
    const contact = await api.request('POST', apiRoutes.contacts.collection(id), { token, body: { phoneNumber } });
    expectStatus(contact, 201, 'contact');
  }
  return { id, token };
}

test.describe('dialer operations', () => {
  test('the campaign preview says who is called now, who never, and the range the last call falls in', async ({
    page,
    api,
    outboundTenant,
  }) => {
    const campaign = await outboundCampaign(api, outboundTenant.admin, ['+447911200301', '+447911200302']);
    await signInAs(page, outboundTenant.admin);
    await openInApp(page, `/campaigns/${campaign.id}`);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Campaign Preview' });
    await expect(dialog.getByTestId('campaign-preview')).toContainText('2 of 2 contacts can be called now');
    // Two calls an hour apart: at once if both answer, later with every retry used.
    await expect(dialog.getByTestId('campaign-preview-finish')).toHaveText(
      new RegExp(`^The last call should be placed between ${DATE_TIME} and ${DATE_TIME} — most likely ${DATE_TIME}`),
    );
  });

  test('an admin watches a running campaign on Operations, and why it waits changes live', async ({
    page,
    api,
    outboundTenant,
  }) => {
    const campaign = await outboundCampaign(api, outboundTenant.admin, ['+447911200311', '+447911200312']);
    await signInAs(page, outboundTenant.admin);
    await page.getByRole('link', { name: 'Operations' }).click();
    await expect(page.getByRole('heading', { name: 'Operations' })).toBeVisible();
    const row = page.getByTestId(`operations-campaign-${campaign.id}`);
    // Not started yet: a new outbound campaign waits for its admin.
    await expect(row).toContainText('Paused');

    const resume = await api.request('POST', apiRoutes.campaigns.resume(campaign.id), { token: campaign.token });
    expectStatus(resume, 200, 'resume');
    // The dialer calls the first contact, then waits out its hour's interval: each change reaches the page live.
    await expect(row).toContainText('Waiting for its call interval', { timeout: 30_000 });
    await expect(row).toContainText('1 / 1,000');

    const pause = await api.request('POST', apiRoutes.campaigns.pause(campaign.id), {
      token: campaign.token,
      body: { reason: 'Checking the script' },
    });
    expectStatus(pause, 200, 'pause');
    await expect(row.getByText('Paused')).toBeVisible();
  });

  test('a superadmin watches another tenant’s campaign start and pause on Admin Operations, live', async ({
    page,
    api,
    outboundTenant,
  }) => {
    const campaign = await outboundCampaign(api, outboundTenant.admin, ['+447911200321', '+447911200322']);
    await signInToFrame(page, DEMO.superadmin);
    await openInApp(page, '/admin/operations');
    await expect(page.getByRole('heading', { name: 'Admin Operations' })).toBeVisible();
    const row = page.getByTestId(`operations-campaign-${campaign.id}`);
    await expect(row).toContainText('Paused');

    const resume = await api.request('POST', apiRoutes.campaigns.resume(campaign.id), { token: campaign.token });
    expectStatus(resume, 200, 'resume');
    // No reload: the platform's stream says some tenant's dialer moved, and the page reads it again.
    await expect(row).toContainText('Waiting for its call interval', { timeout: 30_000 });
    const pause = await api.request('POST', apiRoutes.campaigns.pause(campaign.id), {
      token: campaign.token,
      body: { reason: 'Checking the script' },
    });
    expectStatus(pause, 200, 'pause');
    await expect(row.getByText('Paused')).toBeVisible();
  });
});
