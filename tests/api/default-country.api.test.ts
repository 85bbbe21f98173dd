import { beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@shared/api/campaigns.types';
import type { Tenant } from '@shared/api/tenants.types';
import { apiRoutes } from '@shared/api/routes';
import { createAgent, outboundCampaign, type FreshTenant, OUTBOUND_DISCLOSURE } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { sendCsv } from './support/contact-imports';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * Numbers typed the local way: a campaign reads national numbers in its default country, which defaults to its
 * tenant's country (not to its timezone), and a number that country does not know says which country was assumed.
 */
describe.each(TEST_DATABASES)('default countries (%s)', (kind) => {
  const suite = useApiSuite(kind, {
    tenant: { outboundCallingEnabled: true, planTerms: { maxAgents: 10, maxCampaigns: 10 } },
  });
  let app: TestApp;
  let tenant: FreshTenant;

  const patchTenant = (body: unknown, token = tenant.admin.token) =>
    app.request<{ tenant: Tenant }>('PATCH', apiRoutes.tenant.current(), { token, body });
  // One agent serves one campaign: each campaign gets its own.
  const createCampaign = async (body: object) => {
    const agentId = expectStatus(
      await createAgent(app, tenant.admin.token, { disclosure: OUTBOUND_DISCLOSURE }),
      201,
      'agent',
    ).body.agent.id;
    return expectStatus(
      await app.request<{ campaign: Campaign }>('POST', apiRoutes.campaigns.collection(), {
        token: tenant.admin.token,
        body: { ...outboundCampaign(agentId), ...body },
      }),
      201,
      'campaign',
    ).body.campaign;
  };
  const previewOf = async (campaignId: string, csv: string) =>
    expectStatus(
      await sendCsv(app, tenant.admin.token, `${apiRoutes.contacts.import(campaignId)}?dryRun=true`, csv),
      200,
      'preview',
    ).body.report as { imported: number; issues: Array<{ row: number; detail: string }> };

  beforeAll(async () => {
    ({ app, tenant } = suite);
  });

  it('gives a tenant New Zealand until its admin names another country; members and keys cannot change it', async () => {
    const read = await app.request<{ tenant: Tenant }>('GET', apiRoutes.tenant.current(), { token: tenant.user.token });
    expect(expectStatus(read, 200, 'tenant').body.tenant.country).toBe('NZ');
    expect((await patchTenant({ country: 'GB' }, tenant.user.token)).status).toBe(403);
    const refused = await patchTenant({ country: 'Narnia' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('ISO 3166');
    expect((await patchTenant({ country: 'GB', name: 'Other' })).status).toBe(400);
    expect(expectStatus(await patchTenant({ country: 'GB' }), 200, 'patch').body.tenant.country).toBe('GB');
  });

  it("defaults a new campaign to its tenant's country whatever its timezone, and reads its numbers there", async () => {
    expectStatus(await patchTenant({ country: 'NZ' }), 200, 'patch');
    const campaign = await createCampaign({ timezone: 'Europe/London' });
    expect(campaign.defaultCountry).toBe('NZ');
    const report = await previewOf(campaign.id, 'phone\n021 309 8907\n');
    expect(report.imported).toBe(1);
  });

  it('names the country it assumed when a national number is not one of its numbers', async () => {
    const campaign = await createCampaign({ timezone: 'Pacific/Auckland', defaultCountry: 'GB' });
    expect(campaign.defaultCountry).toBe('GB');
    const report = await previewOf(campaign.id, 'phone\n021 309 8907\n+64 21 309 8907\n');
    expect(report.imported).toBe(1);
    expect(report.issues).toEqual([
      expect.objectContaining({ row: 2, detail: expect.stringContaining('United Kingdom, the country assumed') }),
    ]);
    const changed = await app.request<{ campaign: Campaign }>('PATCH', apiRoutes.campaigns.byId(campaign.id), {
      token: tenant.admin.token,
      body: { defaultCountry: 'NZ' },
    });
    expect(expectStatus(changed, 200, 'update').body.campaign.defaultCountry).toBe('NZ');
    expect((await previewOf(campaign.id, 'phone\n021 309 8907\n')).imported).toBe(1);
    const invalid = await app.request('PATCH', apiRoutes.campaigns.byId(campaign.id), {
      token: tenant.admin.token,
      body: { defaultCountry: 'XX' },
    });
    expect(invalid.status).toBe(400);
  });
});
