import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { freshTenant, type FreshTenant } from './support/api-actions';
import type { TestResponse } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/** A 400 whose message also stands on the field it is about (an unknown field has none). */
function expectFieldError(res: TestResponse, field: string, message: string): void {
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(message);
  if (field) expect(res.body.fields[field]).toBe(message);
}

/** Two included numbers and at most four, so the included, billable and refused cases all come quickly. */
const TWO_INCLUDED_FOUR_AT_MOST = { planTerms: { phoneNumbersIncluded: 2, maxPhoneNumbers: 4 } };

describe.each(TEST_DATABASES)('phone numbers API (%s)', (kind) => {
  const clock = testClock(new Date('2026-11-20T10:00:00.000Z'));
  const suite = useApiSuite(kind, { clock, tenant: TWO_INCLUDED_FOUR_AT_MOST });
  let app: TestApp;
  let tenant: FreshTenant;
  let admin: string;
  let user: string;

  const search = (query: string, token = admin) =>
    app.request('GET', `${apiRoutes.phoneNumbers.available()}${query}`, { token });

  /** A number the sandbox sells: its search never offers one already sold. */
  async function freeNumber(country = 'NZ'): Promise<string> {
    const res = await search(`?country=${country}&limit=1`);
    return res.body.availableNumbers[0].phoneNumber;
  }

  const purchase = (body: object, token = admin) =>
    app.request('POST', apiRoutes.phoneNumbers.purchase(), { token, body });

  /** Whether the (sandbox's) Twilio account owns the number, asked through the telephony adapter. */
  const twilioOwns = async (phoneNumber: string) => (await app.deps.telephony.findOwnedNumber(phoneNumber)) !== null;

  const countRows = async (table: string) =>
    Number((await app.deps.db(table).where({ tenant_id: tenant.id }).count({ n: '*' }).first())?.n);

  beforeAll(() => {
    ({ app, tenant } = suite);
    admin = tenant.admin.token;
    user = tenant.user.token;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('search', () => {
    it('finds numbers with the spec fields, normalised capabilities, for any member', async () => {
      const res = await search('?country=NZ', user);
      expect(res.status, res.text).toBe(200);
      expect(res.body.country).toBe('NZ');
      expect(res.body.availableNumbers).toHaveLength(20);
      for (const number of res.body.availableNumbers) {
        expect(number).toEqual({
          phoneNumber: expect.stringMatching(/^\+64\d+$/),
          friendlyName: expect.any(String),
          region: expect.any(String),
          locality: expect.any(String),
          isoCountry: 'NZ',
          capabilities: { voice: true, SMS: expect.any(Boolean) },
          currentPrice: expect.toSatisfy((v: unknown) => v === null || typeof v === 'number'),
        });
      }
    });

    it('filters by area code, digits and SMS, and honours the limit', async () => {
      const res = await search('?country=US&areaCode=415&contains=555&smsEnabled=true&limit=5');
      expect(res.status, res.text).toBe(200);
      expect(res.body.availableNumbers.length).toBeGreaterThan(0);
      expect(res.body.availableNumbers.length).toBeLessThanOrEqual(5);
      for (const number of res.body.availableNumbers) {
        expect(number.phoneNumber.startsWith('+1415')).toBe(true);
        expect(number.phoneNumber).toContain('555');
        expect(number.capabilities.SMS).toBe(true);
      }
    });

    it('defaults to US numbers, as the spec schema says', async () => {
      const res = await search('');
      expect(res.status).toBe(200);
      expect(res.body.country).toBe('US');
    });

    it.each([
      ['?areaCode=41', 'areaCode', 'Area code must be 3 digits'],
      ['?areaCode=4155', 'areaCode', 'Area code must be 3 digits'],
      ['?country=NZL', 'country', 'Country must be 2 characters'],
      ['?country=GB', 'country', 'Country must be one of NZ, AU or US'],
      ['?limit=101', 'limit', 'Limit must be at most 100'],
      ['?limit=0', 'limit', 'Limit must be a positive integer'],
      ['?limit=abc', 'limit', 'Limit must be a positive integer'],
      ['?contains=12a', 'contains', 'Contains must be up to 16 digits'],
      ['?voiceEnabled=maybe', 'voiceEnabled', 'voiceEnabled must be true or false'],
      ['?tenantId=x', '', 'Unknown field: tenantId'],
    ])('rejects %s with 400', async (query, field, message) => {
      expectFieldError(await search(query), field, message);
    });

    it('needs a signed-in tenant member', async () => {
      expect((await app.request('GET', apiRoutes.phoneNumbers.available())).status).toBe(401);
    });
  });

  describe('purchase and billing', () => {
    it('starts with no numbers and every slot open', async () => {
      const list = await app.request('GET', apiRoutes.phoneNumbers.list(), { token: user });
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ phoneNumbers: [] });
      const billing = await app.request('GET', apiRoutes.phoneNumbers.billing(), { token: user });
      expect(billing.body).toEqual({
        eligibility: {
          currentCount: 0,
          includedInPlan: 2,
          maxAllowed: 4,
          canPurchase: true,
          reason: 'Your next number is included in your plan (0 of 2 included numbers in use).',
          nextNumberCost: 0,
        },
        currentCosts: { billableNumbers: 0, totalCost: 0, costPerNumber: 1000 },
        currency: 'nzd',
      });
    });

    it('buys a number, imports it into the voice provider and records its free month', async () => {
      const phoneNumber = await freeNumber();
      const res = await purchase({ phoneNumber, friendlyName: 'Reception line' });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({
        message: 'Phone number purchased successfully.',
        monthlyCost: 0,
        currency: 'nzd',
        includedInPlan: true,
      });
      expect(res.body.phoneNumber).toEqual({
        id: expect.any(String),
        phoneNumber,
        label: 'Reception line',
        provider: 'twilio',
        country: 'NZ',
        active: true,
        createdAt: '2026-11-20T10:00:00.000Z',
        assignedAgentId: null,
        assigned_agent: null,
      });
      const row = await app.deps.db('phone_numbers').where({ id: res.body.phoneNumber.id }).first();
      expect(row.twilio_sid).toMatch(/^PN/);
      expect(row.elevenlabs_phone_number_id).toEqual(expect.any(String));
      const billing = await app.deps.db('phone_number_billing').where({ phone_number_id: row.id }).first();
      expect(billing).toMatchObject({ month_yyyy_mm: '2026-11', cost_monthly: 0, tenant_id: tenant.id });
      expect(Boolean(billing.included_in_plan)).toBe(true);
      expect(await twilioOwns(phoneNumber)).toBe(true);

      // Sold numbers leave the search.
      const again = await search('?country=NZ&limit=100');
      expect(again.body.availableNumbers.map((n: { phoneNumber: string }) => n.phoneNumber)).not.toContain(phoneNumber);
      const list = await app.request('GET', apiRoutes.phoneNumbers.list(), { token: user });
      expect(list.body.phoneNumbers.map((n: { phoneNumber: string }) => n.phoneNumber)).toEqual([phoneNumber]);
    });

    it('refuses a number the tenant already owns', async () => {
      const [owned] = await app.deps.db('phone_numbers').where({ tenant_id: tenant.id }).pluck('phone_number');
      const res = await purchase({ phoneNumber: owned });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You already own this phone number.');
      expect(res.body.code).toBe('NUMBER_ALREADY_OWNED');
    });

    it('bills numbers beyond the included ones, then refuses past the maximum with the reason', async () => {
      const own = (await freshTenant(app, TWO_INCLUDED_FOUR_AT_MOST)).admin.token;
      for (const nth of [1, 2]) {
        const included = await purchase({ phoneNumber: await freeNumber() }, own);
        expect(included.body.includedInPlan, `number ${nth}`).toBe(true);
      }
      const third = await purchase({ phoneNumber: await freeNumber('AU') }, own);
      expect(third.status, third.text).toBe(201);
      expect(third.body).toMatchObject({ includedInPlan: false, monthlyCost: 1000 });
      expect(third.body.phoneNumber.country).toBe('AU');
      const fourth = await purchase({ phoneNumber: await freeNumber('US') }, own);
      expect(fourth.status).toBe(201);

      const billing = await app.request('GET', apiRoutes.phoneNumbers.billing(), { token: own });
      expect(billing.body).toEqual({
        eligibility: {
          currentCount: 4,
          includedInPlan: 2,
          maxAllowed: 4,
          canPurchase: false,
          reason: 'Your plan allows up to 4 phone numbers. Upgrade your plan to add more.',
          nextNumberCost: 0,
        },
        currentCosts: { billableNumbers: 2, totalCost: 2000, costPerNumber: 1000 },
        currency: 'nzd',
      });

      const buy = vi.spyOn(app.deps.telephony, 'purchaseNumber');
      const refused = await purchase({ phoneNumber: await freeNumber() }, own);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'PLAN_LIMIT_REACHED',
        message: 'Your plan allows up to 4 phone numbers. Upgrade your plan to add more.',
      });
      expect(buy).not.toHaveBeenCalled();
    });

    it('releases the number again when the voice provider cannot import it, and records nothing', async () => {
      const phoneNumber = await freeNumber();
      const before = [await countRows('phone_numbers'), await countRows('phone_number_billing')];
      vi.spyOn(app.deps.voice, 'importTwilioNumber').mockRejectedValueOnce(new Error('import refused'));
      const res = await purchase({ phoneNumber });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        code: 'PROVIDER_UNAVAILABLE',
        message: 'The phone number could not be connected to the voice service: import refused',
      });
      expect([await countRows('phone_numbers'), await countRows('phone_number_billing')]).toEqual(before);
      expect(await twilioOwns(phoneNumber)).toBe(false);
    });

    it('undoes both providers when our own write fails', async () => {
      const phoneNumber = await freeNumber();
      const removed = vi.spyOn(app.deps.voice, 'deletePhoneNumber');
      const released = vi.spyOn(app.deps.telephony, 'releaseNumber');
      vi.spyOn(app.deps.db, 'transaction').mockRejectedValueOnce(new Error('database went away'));
      const res = await purchase({ phoneNumber });
      expect(res.status).toBe(500);
      expect(removed).toHaveBeenCalledTimes(1);
      expect(released).toHaveBeenCalledTimes(1);
      expect(await twilioOwns(phoneNumber)).toBe(false);
      expect(await app.deps.db('phone_numbers').where({ phone_number: phoneNumber }).first()).toBeUndefined();
    });

    it('completes a purchase whose earlier attempt crashed after the provider bought it', async () => {
      const phoneNumber = await freeNumber();
      // The provider has the number (bought before a crash), we have no row for it.
      await app.deps.telephony.purchaseNumber({ phoneNumber, friendlyName: phoneNumber });
      const buy = vi.spyOn(app.deps.telephony, 'purchaseNumber');
      const res = await purchase({ phoneNumber });
      expect(res.status, res.text).toBe(201);
      expect(buy).not.toHaveBeenCalled();
      expect(res.body.phoneNumber.phoneNumber).toBe(phoneNumber);
    });

    it('maps a provider refusal to a clear error and records nothing', async () => {
      const before = await countRows('phone_numbers');
      const res = await purchase({ phoneNumber: '+6495550000123' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(600);
      expect(res.status).not.toBe(500);
      expect(res.body.code).toMatch(/^PROVIDER_/);
      expect(res.body.message).toMatch(/^The phone number could not be purchased: /);
      expect(await countRows('phone_numbers')).toBe(before);
    });

    it.each([
      [{ phoneNumber: '095551234' }, 'phoneNumber', 'Invalid phone number format'],
      [{ phoneNumber: '+0123456789' }, 'phoneNumber', 'Invalid phone number format'],
      [{}, 'phoneNumber', 'Phone number is required'],
      [{ phoneNumber: '+6495551234', country: 'NZL' }, 'country', 'Country must be 2 characters'],
      [{ phoneNumber: '+6495551234', tenantId: 'another-tenant' }, '', 'Unknown field: tenantId'],
    ])('rejects %j with 400', async (body, field, message) => {
      expectFieldError(await purchase(body), field, message);
    });

    it('is for admins', async () => {
      const res = await purchase({ phoneNumber: await freeNumber() }, user);
      expect(res.status).toBe(403);
    });

    it('keeps each tenant’s numbers to itself', async () => {
      const mine = (await app.request('GET', apiRoutes.phoneNumbers.list(), { token: admin })).body.phoneNumbers;
      expect(mine.length).toBeGreaterThan(0);
      const otherAdmin = (await freshTenant(app, { plan: 'starter' })).admin.token;
      const theirs = await app.request('GET', apiRoutes.phoneNumbers.list(), { token: otherAdmin });
      expect(theirs.body.phoneNumbers).toEqual([]);
      for (const number of mine) expect(theirs.text).not.toContain(number.phoneNumber);
      const theirBilling = await app.request('GET', apiRoutes.phoneNumbers.billing(), { token: otherAdmin });
      expect(theirBilling.body.eligibility.currentCount).toBe(0);
      // A number another tenant holds is simply not available.
      const taken = await purchase({ phoneNumber: mine[0].phoneNumber }, otherAdmin);
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('NUMBER_UNAVAILABLE');
      expect(taken.body.message).toBe('This phone number is no longer available.');
    });
  });
});
