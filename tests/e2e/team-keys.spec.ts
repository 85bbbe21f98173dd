import type { APIRequestContext, Page } from '@playwright/test';
import { apiRoutes } from '@shared/api/routes';
import { expect, openInApp, signInAs, signInToFrame, test, uniqueEmail } from './support/fixtures';
import { expectNoSidewaysScrolling } from './support/layout';

/** The invitation link in the newest invitation mail to `to`, as a path (/register?invitation=…). */
async function invitationLinkFor(request: APIRequestContext, to: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiRoutes.testSupport.outbox()}?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: Array<{ kind: string; text: string }> };
        link =
          messages.find((m) => m.kind === 'invitation')?.text.match(/\/register\?invitation=[^\s"'<>)]+/)?.[0] ?? null;
        return link;
      },
      { message: `an invitation to ${to}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return link as unknown as string;
}

const teamTable = (page: Page) => page.getByRole('table', { name: 'Your team' });

test.describe('team and invitations', () => {
  test('an admin invites a colleague, who registers from the mailed link, joins, and is signed out on removal', async ({
    page,
    browser,
    baseURL,
    freshTenant,
  }) => {
    const colleague = uniqueEmail('colleague');
    await signInAs(page, freshTenant.admin);
    await openInApp(page, '/account');
    await expect(page.getByRole('heading', { name: 'Invite Team Members' })).toBeVisible();

    // The business's country: what new campaigns read national numbers as.
    const business = page.getByRole('form', { name: 'Your business' });
    await expect(business.getByRole('combobox', { name: 'Country' })).toHaveText('New Zealand');
    await expect(business.getByRole('button', { name: 'Save' })).toBeDisabled();
    await business.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Australia', exact: true }).click();
    await business.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Business saved')).toBeVisible();
    await page.reload();
    await expect(business.getByRole('combobox', { name: 'Country' })).toHaveText('Australia');

    const invite = page.getByRole('form', { name: 'Invite a team member' });
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(invite.getByText('Please enter an email address.')).toBeVisible();
    await invite.getByLabel('Email address').fill('not an address');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(invite.getByText('Please enter a valid email address.')).toBeVisible();
    await invite.getByLabel('Email address').fill(colleague);
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
    await expect(teamTable(page).getByRole('row', { name: new RegExp(colleague) })).toContainText('Invitation pending');

    // The colleague opens the link in a browser of their own.
    const link = await invitationLinkFor(page.request, colleague);
    const theirs = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const colleaguePage = await theirs.newPage();
    await colleaguePage.goto(link);
    await expect(colleaguePage.getByRole('heading', { name: 'Accept Invitation' })).toBeVisible();
    await expect(colleaguePage.getByText(`to join ${freshTenant.name} on Parley`)).toBeVisible();
    const form = colleaguePage.getByRole('form', { name: 'Accept Invitation' });
    await expect(form.getByLabel('Email')).toHaveValue(colleague);
    await expect(form.getByLabel('Email')).toBeDisabled();
    await expect(form.getByLabel('Company Name')).toHaveCount(0);
    await form.getByLabel('Full Name').fill('Casey Colleague');
    await form.getByLabel('Password', { exact: true }).fill('colleague-Pass-1');
    await form.getByRole('button', { name: 'Accept Invitation' }).click();
    // The invitation proved the address: no verification to ask for, and the used link is not flashed as an error.
    const accepted = colleaguePage.getByRole('status').filter({ hasText: 'Invitation accepted' });
    await expect(accepted).toContainText(colleague);
    await expect(colleaguePage.getByText('Failed to load invitation details')).toHaveCount(0);
    await expect(colleaguePage).toHaveURL(/\/auth$/);
    await expect(accepted).toBeVisible();
    await expect(colleaguePage.getByText('Check your e-mail')).toHaveCount(0);
    await signInToFrame(colleaguePage, colleague, 'colleague-Pass-1');
    await expect(colleaguePage.getByText('Email not verified', { exact: false })).toHaveCount(0);

    // The admin sees the colleague in Your Team, and removes them.
    await page.reload();
    const row = teamTable(page).getByRole('row', { name: /Casey Colleague/ });
    await expect(row).toContainText(colleague);
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove team member' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('User removed', { exact: true })).toBeVisible();
    await expect(teamTable(page).getByRole('row', { name: /Casey Colleague/ })).toHaveCount(0);

    // The colleague's open session ends at their next request.
    await openInApp(colleaguePage, '/phone-numbers');
    await expect(colleaguePage).toHaveURL(/\/auth$/, { timeout: 15_000 });
    await theirs.close();
  });

  test('on a phone Your Team shows each member’s e-mail, role and Remove without scrolling sideways', async ({
    page,
    freshTenant,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, freshTenant.admin);
    await openInApp(page, '/account');
    const row = teamTable(page).getByRole('row', { name: new RegExp(freshTenant.user.email) });
    await expect(row.getByText(freshTenant.user.email).filter({ visible: true })).toHaveCount(1);
    await expect(row.getByRole('combobox', { name: /^Role of / })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Remove' })).toBeVisible();
    await expectNoSidewaysScrolling(page);
  });

  test('a used invitation link says so', async ({ page, api, freshTenant }) => {
    const colleague = uniqueEmail('used');
    await signInAs(page, freshTenant.admin);
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    await api.request('POST', apiRoutes.tenant.invite(), { token: token ?? '', body: { email: colleague } });
    const link = await invitationLinkFor(page.request, colleague);
    const registered = await api.request('POST', apiRoutes.auth.register(), {
      body: {
        email: colleague,
        password: 'colleague-Pass-1',
        invitationToken: new URL(link, 'http://x').searchParams.get('invitation'),
      },
    });
    expect(registered.status).toBe(202);
    await page.goto(link);
    await expect(page.getByText('Failed to load invitation details')).toBeVisible();
    await expect(page.getByText('This invitation has already been used.')).toBeVisible();
  });
});

test.describe('API keys', () => {
  test('an admin creates a key, copies it, uses it from outside the browser, and revoking it stops it', async ({
    page,
    context,
    api,
    freshTenant,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, freshTenant.admin);
    await openInApp(page, '/api-keys');
    await expect(page.getByText('No API Keys')).toBeVisible();

    await page.getByRole('button', { name: 'Create API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    await expect(dialog.getByText('API key name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Reporting');
    await dialog.getByLabel('Description').fill('Nightly agent export');
    await dialog.getByLabel('agents:read').check();
    await dialog.getByRole('button', { name: 'Create Key' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'API key created' });
    const shown = (await secretDialog.getByTestId('new-api-key').textContent()) ?? '';
    await secretDialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^prly_[0-9a-f]{16}_/);
    expect(shown).toBe('•'.repeat(key.length - 8) + key.slice(-8));
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: /Reporting/ });
    await expect(row).toContainText('agents:read');
    await expect(row).toContainText('Active');
    // The list names the key by its id and last four characters, never more of the secret.
    await expect(row).toContainText(`${key.slice(0, 'prly_'.length + 16)}…${key.slice(-4)}`);

    const listAgents = () => api.request('GET', apiRoutes.agents.collection(), { headers: { 'x-api-key': key } });
    expect((await listAgents()).status).toBe(200);
    await page.reload();
    await expect(page.getByRole('row', { name: /Reporting/ })).toContainText('from ');

    await page.getByRole('button', { name: 'Delete Reporting' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API key' });
    await expect(confirm).toContainText('Are you sure you want to delete this API key? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No API Keys')).toBeVisible();
    expect((await listAgents()).status).toBe(401);
  });

  test('the API reference renders the served document', async ({ page, freshTenant }) => {
    await signInAs(page, freshTenant.admin);
    await openInApp(page, '/api-keys');
    await page.getByRole('link', { name: 'API reference' }).click();
    await expect(page.getByRole('heading', { name: 'API Reference', level: 1 })).toBeVisible();
    await expect(page.getByTestId('api-reference').getByText('Parley API').first()).toBeVisible({ timeout: 20_000 });
    // Every section is listed folded; opening one shows its operations.
    const reference = page.getByTestId('api-reference');
    await expect(reference.getByRole('heading', { name: /^webhookEndpoints/, level: 3 })).toBeVisible();
    await expect(reference.getByText('/admin/api-keys')).toHaveCount(0);
    await reference.getByRole('heading', { name: /^apiKeys/, level: 3 }).click();
    await expect(reference.getByText('/admin/api-keys').first()).toBeVisible();
  });
});
