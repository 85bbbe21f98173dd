import type { AuthResponse } from '@shared/api/auth.types';
import type {
  AvailableNumbersResponse,
  PhoneNumber,
  PurchasePhoneNumberResponse,
} from '@shared/api/phone-numbers.types';
import { apiRoutes } from '@shared/api/routes';
import type { TestTenantAccount, TestTenantRequest, TestTenantResponse } from '@shared/api/test-support.types';
import type { UploadResponse } from '@shared/api/uploads.types';
import type { BillingStatus } from '@shared/domain/roles';
import { expectStatus, type ApiClient, type TestResponse } from './api-client';
import { fileForm, pdfBytes } from './upload-files';

/**
 * What tests do through the API to set the scene (not the behaviour under test), written once for the API suites
 * and the browser tests: sign in, make a tenant, buy a number, create an agent, upload a PDF.
 */

export async function signIn(client: ApiClient, email: string, password: string): Promise<AuthResponse> {
  const response = await client.request<AuthResponse>('POST', apiRoutes.auth.login(), { body: { email, password } });
  return expectStatus(response, 200, `sign-in of ${email}`).body;
}

/** A tenant of the caller's own through the test-only factory: verified users with a known password. */
export async function createTestTenant(
  client: ApiClient,
  options: TestTenantRequest = {},
): Promise<TestTenantResponse> {
  const response = await client.request<TestTenantResponse>('POST', apiRoutes.testSupport.tenants(), {
    body: options,
  });
  return expectStatus(response, 201, 'test tenant').body;
}

/** Changes a tenant's billing status behind its users' backs, as the payment provider's webhook would. */
export async function setTenantBilling(client: ApiClient, tenantId: string, billingStatus: BillingStatus) {
  const response = await client.request('PATCH', apiRoutes.testSupport.tenantBilling(tenantId), {
    body: { billingStatus },
  });
  expectStatus(response, 200, 'billing change');
}

export interface SignedInAccount extends TestTenantAccount {
  token: string;
}

/** A tenant with an admin and a member who is not an admin, both signed in. */
export interface FreshTenant {
  id: string;
  name: string;
  admin: SignedInAccount;
  user: SignedInAccount;
}

export type FreshTenantOptions = Omit<TestTenantRequest, 'users'>;

export async function freshTenant(client: ApiClient, options: FreshTenantOptions = {}): Promise<FreshTenant> {
  const { tenant, users } = await createTestTenant(client, { ...options, users: ['admin', 'user'] });
  const [admin, user] = await Promise.all(
    users.map(async (account) => ({
      ...account,
      token: (await signIn(client, account.email, account.password)).accessToken,
    })),
  );
  if (!admin || !user) throw new Error('the test tenant came without its admin and member');
  return { ...tenant, admin, user };
}

/** Buys the first number the search offers in `country`; the search never offers a number already sold. */
export async function buyNumber(
  client: ApiClient,
  token: string,
  { country = 'NZ', friendlyName = 'Front desk' }: { country?: string; friendlyName?: string } = {},
): Promise<PhoneNumber> {
  const search = await client.request<AvailableNumbersResponse>(
    'GET',
    `${apiRoutes.phoneNumbers.available()}?country=${country}&limit=1`,
    { token },
  );
  const [available] = expectStatus(search, 200, 'number search').body.availableNumbers;
  if (!available) throw new Error(`no number for sale in ${country}`);
  const bought = await client.request<PurchasePhoneNumberResponse>('POST', apiRoutes.phoneNumbers.purchase(), {
    token,
    body: { phoneNumber: available.phoneNumber, friendlyName },
  });
  return expectStatus(bought, 201, 'number purchase').body.phoneNumber;
}

/** An agent that passes validation; tests override the fields they are about. */
export const AGENT = {
  name: 'Ava',
  purpose: 'Answer questions about the clinic and book dental appointments.',
  greeting: 'Kia ora, thanks for calling Demo Dental. This is Ava, how can I help?',
  closing: 'Thanks for calling Demo Dental. Have a lovely day, goodbye!',
};

/** The line an outbound agent opens with; an outbound campaign refuses an agent without one. */
export const OUTBOUND_DISCLOSURE = 'Hi, this is the automated assistant calling for Demo Dental.';

/** The answer as it comes: tests of creation check refusals through it too. */
export function createAgent(
  client: ApiClient,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<TestResponse> {
  return client.request('POST', apiRoutes.agents.collection(), { token, body: { ...AGENT, ...fields } });
}

export async function uploadPdf(
  client: ApiClient,
  token: string,
  fileName = 'Price list.pdf',
): Promise<UploadResponse> {
  const response = await client.request<UploadResponse>('POST', apiRoutes.uploads.create(), {
    token,
    raw: fileForm(pdfBytes(), fileName),
  });
  return expectStatus(response, 201, 'upload').body;
}

/** An inbound campaign that passes validation. */
export const INBOUND_CAMPAIGN = {
  name: 'Front desk',
  goal: 'Answer questions and book visits',
  timezone: 'Pacific/Auckland',
};

/** An outbound campaign with every calling field given, for `agentId`. */
export function outboundCampaign(agentId: string) {
  return {
    name: 'Recall',
    goal: 'Book six-monthly check-ups',
    timezone: 'Pacific/Auckland',
    campaignType: 'outbound',
    agentId,
    callingHoursType: 'specific_hours',
    callingStartTime: '10:00',
    callingEndTime: '16:30',
    daysOfWeek: ['monday', 'wednesday'],
    maxCallsPerDay: 250,
    callIntervalMinutes: 2,
  };
}

/** A new agent and an outbound campaign it serves (the tenant needs outbound calling); resolves to their ids. */
export async function createOutboundCampaign(
  client: ApiClient,
  token: string,
): Promise<{ campaignId: string; agentId: string }> {
  const agent = expectStatus(await createAgent(client, token, { disclosure: OUTBOUND_DISCLOSURE }), 201, 'agent').body
    .agent;
  const created = await client.request('POST', apiRoutes.campaigns.collection(), {
    token,
    body: outboundCampaign(agent.id),
  });
  return { campaignId: expectStatus(created, 201, 'outbound campaign').body.campaign.id, agentId: agent.id };
}
