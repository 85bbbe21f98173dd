import type { Page } from '@playwright/test';
import { apiRoutes } from '@shared/api/routes';
import { buyNumber, createAgent, signIn } from '../api/support/api-actions';
import { expect, signInAs, test } from './support/fixtures';

function statValue(page: Page, title: string) {
  return page.getByRole('group', { name: title }).getByTestId(`stat-${title.toLowerCase().replace(/\s+/g, '-')}-value`);
}

test.describe('calls, live', () => {
  test('a simulated call updates the dashboard and the notification centre without a click; its detail reads transcript, summary and analysis', async ({
    page,
    api,
    freshTenant,
  }) => {
    test.slow();
    const { accessToken } = await signIn(api, freshTenant.admin.email, freshTenant.admin.password);
    const number = await buyNumber(api, accessToken, { country: 'AU' });
    const created = await createAgent(api, accessToken, { name: 'Manaia', phoneNumberId: number.id });
    expect(created.status, created.text).toBe(201);
    const agentId: string = created.body.agent.id;

    await signInAs(page, freshTenant.admin);
    await expect(statValue(page, 'Total Calls')).toHaveText('0');
    const panel = page.getByRole('region', { name: 'Calls Analytics' });
    await expect(panel.getByText('No calls yet')).toBeVisible();

    // The call is placed from outside the page; the page only listens.
    const call = await api.request('POST', apiRoutes.agents.simulateCall(agentId), { token: accessToken });
    expect(call.status, call.text).toBe(202);
    // A finished call waits in the notification centre; it pops up only for a user who asks for it.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('A call just ended; its details are ready.')).toBeHidden();
    await expect(statValue(page, 'Total Calls')).toHaveText('1');
    await bell.click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await expect(centre.getByRole('list', { name: 'Recent notifications' })).toContainText('Call finished (new)');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(panel.getByRole('group', { name: 'Calls' })).toContainText('1');
    const row = panel.getByRole('row').filter({ hasText: 'Manaia' });
    await expect(row).toHaveCount(1);
    // Who answered: the caller, a person; the rates chart shows the day.
    await expect(panel.getByRole('group', { name: 'Reached a person' })).toContainText('1 (100%)');
    await expect(panel.getByRole('group', { name: 'Machines' })).toContainText('0 (0%)');
    await expect(panel.getByRole('img', { name: /answered by a person, by a machine/ })).toBeVisible();
    // An inbound call is never flagged for a missing disclosure.
    await panel.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Missing disclosure' }).click();
    await expect(panel.getByText('No calls without the disclosure')).toBeVisible();
    await panel.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'All calls' }).click();
    await expect(row).toHaveCount(1);

    // From agent analytics to the call.
    await page.getByRole('article', { name: 'Manaia' }).getByRole('link', { name: 'View Analytics' }).click();
    await page.getByRole('list', { name: 'Recent calls' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/calls\/[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'Call Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Agent' })).toContainText('Manaia');
    await expect(page.getByRole('group', { name: 'Date and time (New Zealand)' })).toContainText(/GMT\+1[23]/);
    await expect(page.getByRole('group', { name: 'Cost' })).toContainText(/NZD\s\d+\.\d{2}/);
    await expect(page.getByTestId('call-outcome')).toHaveText(/^(Successful|Unsuccessful) Call$/);

    // The provider's recording plays from a blob fetched with the session's header, never a URL with a token.
    const player = page.locator('audio[aria-labelledby="call-recording-label"]');
    await expect(page.getByText('Recording', { exact: true })).toBeVisible();
    await expect(player).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(2, 1);

    const transcript = page.getByRole('list', { name: 'Transcript' });
    await expect(transcript.getByRole('listitem').first()).toContainText(/(Agent|Caller) · \d+:\d{2}/);
    expect(await transcript.getByRole('listitem').count()).toBeGreaterThan(1);

    await page.getByRole('tab', { name: 'Summary' }).click();
    await expect(page.getByRole('tabpanel')).not.toBeEmpty();

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Customer Sentiment' })).toBeVisible();
    const quality = page.getByTestId('answer-quality');
    const score = Number(/(\d+)\/10/.exec((await quality.textContent()) ?? '')?.[1]);
    await expect(quality).toHaveAttribute('data-tone', score >= 7 ? 'success' : score >= 4 ? 'warning' : 'error');
    await expect(page.getByRole('heading', { name: 'Improvement Suggestions' })).toBeVisible();
  });

  test('another tenant’s call reads “Failed to load call details”', async ({ page, freshTenant }) => {
    await signInAs(page, freshTenant.user);
    await page.goto('/calls/00000000-0000-0000-0000-000000000000');
    await expect(page.getByText('Failed to load call details')).toBeVisible();
  });
});
