import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { apiRoutes } from '@shared/api/routes';
import { buyNumber as purchaseNumber, createAgent, signIn } from '../api/support/api-actions';
import type { ApiClient } from '../api/support/api-client';
import { expect, signInAs, test, type TenantAccount } from './support/fixtures';

const KNOWLEDGE_PDF = path.resolve(import.meta.dirname, '../fixtures/harbour-dental-faq.pdf');

function agentCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

function statValue(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title }).getByTestId(`stat-${title.toLowerCase().replace(/\s+/g, '-')}-value`);
}

/** Chooses an option of an MUI select by the select's label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Buys the first number of a search through the Phone Numbers page, as an admin does; gives the number. */
async function buyNumber(page: Page, country: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Phone Numbers' }).click();
  await page.getByRole('tab', { name: 'Search New Numbers' }).click();
  const search = page.getByRole('search');
  await choose(search, page, 'Country', country);
  await search.getByRole('button', { name: 'Search' }).click();
  const first = page.getByRole('list', { name: 'Available numbers' }).getByRole('listitem').first();
  const number = ((await first.getByRole('heading').textContent()) ?? '').trim();
  await first.getByRole('button', { name: /^(Select|Purchase) / }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Phone Number' })
    .getByRole('button', { name: /^Confirm / })
    .click();
  await expect(page.getByRole('table', { name: 'Your phone numbers' })).toContainText(number);
  return number;
}

/** Set-up through the API (not the behaviour under test): an agent on a number, both of the admin's tenant. */
async function agentWithNumber(
  api: ApiClient,
  admin: TenantAccount,
  name: string,
): Promise<{ id: string; number: string }> {
  const { accessToken } = await signIn(api, admin.email, admin.password);
  const number = await purchaseNumber(api, accessToken, { country: 'AU' });
  const created = await createAgent(api, accessToken, {
    name,
    purpose: 'Answers questions about opening hours.',
    greeting: 'Kia ora, thanks for calling Harbour Dental.',
    closing: 'Thanks for calling, have a lovely day.',
    phoneNumberId: number.id,
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.agent.id, number: number.phoneNumber };
}

test.describe('voice agents', () => {
  test('an admin creates an agent from a template with a knowledge PDF on a bought number, edits, deactivates and deletes it', async ({
    page,
    freshTenant,
  }) => {
    test.slow();
    const name = 'Aroha';
    await signInAs(page, freshTenant.admin);
    await expect(page.getByText('No agents yet')).toBeVisible();
    const number = await buyNumber(page, 'New Zealand (NZ)');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Create Agent', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create AI Voice Agent' });

    // The shared schema's required rules, beside their fields.
    await dialog.getByRole('button', { name: 'Create Agent' }).click();
    for (const message of [
      'Agent name is required',
      'Agent purpose is required',
      'Agent greeting is required',
      'Agent closing is required',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }

    await dialog.getByLabel('Agent Name / Persona').fill(name);
    await dialog.getByLabel('Purpose').fill('Books appointments and answers questions for Harbour Dental.');
    await dialog.getByLabel('Greeting Script').fill('Kia ora, thanks for calling Harbour Dental, this is Aroha.');
    await dialog.getByLabel('Closing Script').fill('Thanks for calling Harbour Dental. Have a lovely day.');
    await choose(dialog, page, 'Instruction Template', /^Receptionist/);
    await expect(dialog.getByLabel('Agent Instructions')).toHaveValue(/^You are the receptionist/);

    await dialog.getByRole('button', { name: 'Upload PDF' }).click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose PDF' }).click();
    await (await chooser).setFiles(KNOWLEDGE_PDF);
    await expect(dialog.getByTestId('knowledge-file-name')).toContainText('harbour-dental-faq.pdf');

    await choose(dialog, page, 'Phone Number', new RegExp(`^\\${number}`));
    await choose(dialog, page, 'Voice', 'Charlie');
    await dialog.getByRole('button', { name: 'Create Agent' }).click();

    const created = page.getByRole('dialog', { name: 'AI Voice Agent Created!' });
    await expect(created.getByTestId('created-agent-number')).toHaveText(number);
    await expect(created).toContainText('Your agent will be ready within 5 minutes.');
    await expect(created.getByRole('button', { name: 'Return to Dashboard' })).toBeVisible();

    // Configure Advanced Settings opens the agent's settings: the knowledge PDF is on file.
    await created.getByRole('button', { name: 'Configure Advanced Settings' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByTestId('knowledge-file-name')).toHaveText(
      'A knowledge PDF is on file. Choose a new one to replace it.',
    );
    await expect(edit.getByLabel('Agent Instructions')).toHaveValue(/^You are the receptionist/);

    // Editing keeps the 2-character rules.
    await edit.getByLabel('Agent Name / Persona').fill('A');
    await edit.getByLabel('Closing Script').fill('x');
    // A text emptied in the dialog is too short, not "left unchanged".
    const greeting = await edit.getByLabel('Greeting Script').inputValue();
    await edit.getByLabel('Greeting Script').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(edit.getByText('Closing must be at least 2 characters')).toBeVisible();
    await expect(edit.getByText('Greeting must be at least 2 characters')).toBeVisible();
    await edit.getByLabel('Greeting Script').fill(greeting);
    const renamed = `${name} Jr`;
    await edit.getByLabel('Agent Name / Persona').fill(renamed);
    await edit.getByLabel('Closing Script').fill('Ka kite anō, thanks for calling.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Agent updated')).toBeVisible();

    // On the dashboard with its number, active, no calls yet.
    const card = agentCard(page, renamed);
    await expect(card.getByTestId('agent-phone-number')).toHaveText(number);
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card).toContainText('0m 0s');
    await expect(card.getByRole('group', { name: 'Total Cost' })).toContainText(/NZD\s0\.00/);
    await expect(card.getByRole('link', { name: 'View Analytics' })).toHaveAttribute(
      'href',
      /^\/agents\/[\w-]+\/analytics$/,
    );

    // The number now belongs to this agent: giving it to a new one asks first, and cancelling aborts.
    await page.getByRole('button', { name: 'Create Agent', exact: true }).click();
    await dialog.getByLabel('Agent Name / Persona').fill('Second Agent');
    await dialog.getByLabel('Purpose').fill('A second agent.');
    await dialog.getByLabel('Greeting Script').fill('Hello there.');
    await dialog.getByLabel('Closing Script').fill('Goodbye now.');
    await choose(dialog, page, 'Phone Number', new RegExp(`^\\${number}`));
    let question = '';
    page.once('dialog', (prompt) => {
      question = prompt.message();
      void prompt.dismiss();
    });
    await dialog.getByRole('button', { name: 'Create Agent' }).click();
    await expect.poll(() => question).toContain(`${number} is assigned to ${renamed}`);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByTestId('agent-phone-number')).toHaveText(number);

    // Deactivate, then delete, each after the browser's confirmation.
    page.once('dialog', (prompt) => void prompt.accept());
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Agent deactivated successfully.')).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

    page.once('dialog', (prompt) => void prompt.accept());
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Agent deleted successfully.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('No agents yet')).toBeVisible();
  });

  test('a sandbox call to an agent shows up in Total Calls and in its analytics', async ({
    page,
    api,
    freshTenant,
  }) => {
    const name = 'Manaia';
    const agent = await agentWithNumber(api, freshTenant.admin, name);
    await signInAs(page, freshTenant.admin);
    await expect(statValue(page, 'Total Calls')).toHaveText('0');

    await agentCard(page, name).getByRole('link', { name: 'View Analytics' }).click();
    await expect(page).toHaveURL(`/agents/${agent.id}/analytics`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const details = page.getByRole('definition');
    // Stored in E.164, shown in international format (+61 2 …).
    const shown = formatPhoneNumber(agent.number);
    expect(shown).toMatch(/^\+61 \d[\d ]+$/);
    await expect(details.filter({ hasText: shown })).toHaveCount(1);
    await expect(page.getByRole('group', { name: 'Total Calls' })).toContainText('0');
    await expect(page.getByText('No calls yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Simulate inbound call' }).click();
    // The call ends after the sandbox's delay and arrives by the live event stream, without Sync calls (the note
    // about the placed call may come and go before it can be read).
    await expect(page.getByRole('group', { name: 'Total Calls' })).toContainText('1', { timeout: 30_000 });
    await expect(page.getByText('Simulated inbound call placed', { exact: false })).toBeHidden();
    await expect(page.getByRole('group', { name: 'Average Duration' })).toContainText(/\d+\.\d min/);
    await expect(page.getByRole('group', { name: 'Total Cost' })).toContainText(/^Total CostNZD\s\d+\.\d{2}$/);
    const recent = page.getByRole('list', { name: 'Recent calls' }).getByRole('link');
    await expect(recent).toHaveCount(1);
    await expect(recent.first()).toHaveAttribute('href', /^\/calls\/[\w-]+$/);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(statValue(page, 'Total Calls')).toHaveText('1');
    await expect(agentCard(page, name).getByRole('group', { name: 'Total Calls' })).toContainText('1');
  });

  test('when the knowledge file fails to upload, the agent is still saved without it', async ({
    page,
    freshTenant,
  }) => {
    const name = 'Tama';
    await page.route(`**${apiRoutes.uploads.create()}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Storage unavailable"}' }),
    );
    await signInAs(page, freshTenant.admin);
    await page.getByRole('button', { name: 'Create Agent', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create AI Voice Agent' });
    await dialog.getByLabel('Agent Name / Persona').fill(name);
    await dialog.getByLabel('Purpose').fill('Takes messages after hours.');
    await dialog.getByLabel('Greeting Script').fill('Hello, you have reached the after-hours line.');
    await dialog.getByLabel('Closing Script').fill('We will call you back tomorrow.');
    await dialog.getByRole('button', { name: 'Upload PDF' }).click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose PDF' }).click();
    await (await chooser).setFiles(KNOWLEDGE_PDF);
    await dialog.getByRole('button', { name: 'Create Agent' }).click();

    await expect(
      page.getByText('Failed to upload knowledge base file. Agent will be created without knowledge base.'),
    ).toBeVisible();
    const created = page.getByRole('dialog', { name: 'AI Voice Agent Created!' });
    // No number was chosen: the dialog says so and where to get one, rather than promising one.
    await expect(created.getByTestId('created-agent-no-number')).toHaveText(
      'This agent has no phone number yet, so it cannot take calls. Add a number on the Phone Numbers page, then choose it for this agent under Configure Advanced Settings.',
    );
    await expect(created.getByRole('link', { name: 'Phone Numbers' })).toHaveAttribute('href', '/phone-numbers');
    await created.getByRole('button', { name: 'Return to Dashboard' }).click();
    const card = agentCard(page, name);
    await expect(card.getByTestId('agent-phone-number')).toHaveText('No phone number assigned');

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('button', { name: 'Upload PDF' }).click();
    await expect(edit.getByTestId('knowledge-file-name')).toHaveText('PDF only, up to 5MB. Optional.');
    const again = page.waitForEvent('filechooser');
    await edit.getByRole('button', { name: 'Choose PDF' }).click();
    await (await again).setFiles(KNOWLEDGE_PDF);
    await edit.getByLabel('Purpose').fill('Takes messages after hours and at weekends.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      page.getByText('Failed to upload knowledge base file. Agent will be updated without changing knowledge base.'),
    ).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(card).toContainText('Takes messages after hours and at weekends.');
  });

  test('analytics for an unknown agent, or that fail to load, lead back to the dashboard', async ({
    page,
    freshTenant,
  }) => {
    await signInAs(page, freshTenant.user);
    await expect(page.getByRole('button', { name: 'Create Agent', exact: true })).toHaveCount(0);

    await page.goto('/agents/00000000-0000-4000-8000-000000000000/analytics');
    await expect(page.getByRole('heading', { name: 'Agent Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.route(`**${apiRoutes.agents.byId('*')}`, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down for maintenance"}' }),
    );
    await page.goto('/agents/00000000-0000-4000-8000-000000000001/analytics');
    await expect(page.getByRole('heading', { name: 'Unable to Load Analytics' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });
});
