import type { Locator } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '../api/support/webhook-receiver';
import { expect, signInAs, test } from './support/fixtures';

/** The delivery log's rows below its header row. */
const deliveryRows = (log: Locator) => log.getByRole('row').filter({ has: log.page().getByRole('gridcell') });

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(() => receiver.close());

test.describe('Account → Webhooks', () => {
  test('an admin adds an endpoint, sees signed test events delivered, retried and redelivered', async ({
    page,
    freshTenant,
  }) => {
    await signInAs(page, freshTenant.admin);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/account\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    const endpoints = page.getByRole('grid', { name: 'Webhook endpoints' });
    await expect(endpoints.getByText('No endpoints yet. Add one to receive events.')).toBeVisible();

    // Plain http to another host is refused outside this computer; the receiver here is allowed in the demo.
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add Endpoint' });
    await form.getByLabel('Endpoint URL').fill('http://crm.example.com/parley');
    await form.getByRole('button', { name: 'Add Endpoint' }).click();
    await expect(form.getByText(/Use an https:\/\/ address/).first()).toBeVisible();
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Local CRM');
    await form.getByLabel('call.analysed').check();
    await form.getByRole('button', { name: 'Add Endpoint' }).click();
    const secret = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secret.getByText('Copy this signing secret now.', { exact: false })).toBeVisible();
    await secret.getByRole('button', { name: 'Done' }).click();
    const row = endpoints.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('call.completed, call.analysed');

    // A test event arrives signed and shows in the log.
    await row.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    const log = page.getByRole('grid', { name: 'Webhook deliveries' });
    await expect(deliveryRows(log).first()).toContainText('succeeded', { timeout: 20_000 });
    await expect(deliveryRows(log).first()).toContainText('webhook.test');
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers['webhook-signature']).toMatch(/^v1,/);

    // A failure is retried on schedule (here the receiver asks for one second) with the same event id.
    receiver.answer = (_request, count) =>
      count === 1 ? { status: 503, headers: { 'retry-after': '1' }, body: 'busy' } : { status: 200, body: 'ok' };
    await row.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    await expect(page.getByText('2 deliveries')).toBeVisible();
    await expect(deliveryRows(log).filter({ hasText: 'succeeded' })).toHaveCount(2, { timeout: 20_000 });
    await expect(deliveryRows(log).first()).toContainText(/succeeded\s*2/);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[2]?.headers['webhook-id']);

    // Redeliver repeats the event with its id; the log filters by status.
    await deliveryRows(log)
      .last()
      .getByRole('button', { name: /^Redeliver webhook\.test/ })
      .click();
    await expect(page.getByText('3 deliveries')).toBeVisible();
    await expect(deliveryRows(log).filter({ hasText: 'succeeded' })).toHaveCount(3, { timeout: 20_000 });
    expect(receiver.received[3]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'failed' }).click();
    await expect(log.getByText('No deliveries yet.', { exact: false })).toBeVisible();
    await expect(endpoints.getByRole('row').filter({ hasText: receiver.url })).toContainText('100 % of');

    // Rotate the secret, then disable the endpoint.
    await row.getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();
    await row.getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await expect(row).toContainText('Disabled');
  });
});
