import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Clock } from '../../../server/src/lib/clock';
import { buyNumber, createAgent, OUTBOUND_DISCLOSURE, type FreshTenant } from './api-actions';
import { insertContactRow } from './contact-rows';
import type { TestApp } from './test-app';

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * A tenant ready to call out (outbound calling on, a number, an agent) and its running outbound campaigns and
 * contacts, written straight to their tables: every campaign shares the one agent, which the API would refuse.
 */
export async function outboundScene(app: TestApp, tenant: FreshTenant, clock: Clock) {
  await app.deps.db('tenants').where({ id: tenant.id }).update({ outbound_calling_enabled: true });
  const number = await buyNumber(app, tenant.admin.token);
  const agent = await createAgent(app, tenant.admin.token, {
    phoneNumberId: number.id,
    disclosure: OUTBOUND_DISCLOSURE,
  });
  expect(agent.status, agent.text).toBe(201);
  const agentId = agent.body.agent.id as string;
  const now = () => clock.now().toISOString();

  return {
    agentId,

    async insertCampaign(fields: Record<string, unknown> = {}): Promise<string> {
      const id = randomUUID();
      await app.deps.db('campaigns').insert({
        id,
        tenant_id: tenant.id,
        name: `Recall ${id.slice(0, 6)}`,
        goal: 'Book check-ups',
        active: true,
        campaign_type: 'outbound',
        agent_id: agentId,
        calling_hours_type: 'specific_hours',
        calling_start_time: '09:00',
        calling_end_time: '17:00',
        timezone: 'Pacific/Auckland',
        days_of_week: JSON.stringify(EVERY_DAY),
        max_calls_per_day: 100,
        call_interval_minutes: 1,
        created_at: now(),
        updated_at: now(),
        ...fields,
      });
      return id;
    },

    async insertContact(campaignId: string, phoneNumber: string, fields: Record<string, unknown> = {}) {
      const id = randomUUID();
      await insertContactRow(app.deps.db, {
        id,
        tenant_id: tenant.id,
        campaign_id: campaignId,
        phone_number: phoneNumber,
        metadata: JSON.stringify({ firstName: 'Aroha' }),
        max_retries: 3,
        retry_delay_minutes: 30,
        created_at: now(),
        updated_at: now(),
        ...fields,
      });
      return id;
    },

    /** One dialer pass over the campaign, as the dialer's job runs it. */
    async dial(campaignId: string) {
      const { dialer, campaigns } = app.built.services;
      return dialer.dialCampaign(await campaigns.dialingSettings(tenant.id, campaignId));
    },
  };
}
