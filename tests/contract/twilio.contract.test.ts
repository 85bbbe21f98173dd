import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioTelephonyProvider } from '../../server/src/providers/telephony/twilio.telephony';
import type { NumberSearch } from '../../server/src/providers/telephony/telephony.types';
import { providerError, startContractSandbox, type ContractSandbox } from './support/contract-sandbox';

const search = (overrides: Partial<NumberSearch> = {}): NumberSearch => ({
  country: 'NZ',
  voiceEnabled: false,
  smsEnabled: false,
  limit: 20,
  ...overrides,
});

describe('Twilio adapter against the sandbox (official SDK on the wire)', () => {
  let harness: ContractSandbox;

  beforeAll(async () => {
    harness = await startContractSandbox();
  });
  afterAll(() => harness.close());

  it.each([
    ['NZ', /^\+64\d{8}$/, /^0\d \d{3} \d{4}$/],
    ['AU', /^\+61\d{9}$/, /^\(0\d\) \d{4} \d{4}$/],
    ['US', /^\+1\d{10}$/, /^\(\d{3}\) \d{3}-\d{4}$/],
  ] as const)('searches %s numbers with names, places and capabilities', async (country, e164, friendly) => {
    const numbers = await harness.telephony.searchAvailableNumbers(search({ country }));
    expect(numbers).toHaveLength(20);
    expect(new Set(numbers.map((entry) => entry.phoneNumber)).size).toBe(20);
    for (const entry of numbers) {
      expect(entry.phoneNumber).toMatch(e164);
      expect(entry.friendlyName).toMatch(friendly);
      expect(entry.isoCountry).toBe(country);
      expect(entry.region).toEqual(expect.any(String));
      expect(entry.locality).toEqual(expect.any(String));
      expect(entry.capabilities).toEqual({ voice: expect.any(Boolean), SMS: expect.any(Boolean) });
      expect(entry.currentPrice).toBeNull();
    }
    expect(new Set(numbers.map((entry) => entry.locality)).size).toBeGreaterThan(1);
    expect(numbers.some((entry) => entry.capabilities.SMS)).toBe(true);
  });

  it('gives the same stock on every start', async () => {
    const first = await harness.telephony.searchAvailableNumbers(search({ country: 'US', limit: 5 }));
    const other = await startContractSandbox();
    try {
      expect(await other.telephony.searchAvailableNumbers(search({ country: 'US', limit: 5 }))).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('honours area code, contains, voice and SMS filters and the limit', async () => {
    const sanFrancisco = await harness.telephony.searchAvailableNumbers(search({ country: 'US', areaCode: '415' }));
    expect(sanFrancisco.length).toBeGreaterThan(0);
    expect(sanFrancisco.every((entry) => entry.phoneNumber.startsWith('+1415'))).toBe(true);
    expect(sanFrancisco.every((entry) => entry.locality === 'San Francisco' && entry.region === 'CA')).toBe(true);

    const auckland = await harness.telephony.searchAvailableNumbers(search({ areaCode: '09' }));
    expect(auckland.length).toBeGreaterThan(0);
    expect(auckland.every((entry) => entry.phoneNumber.startsWith('+649') && entry.locality === 'Auckland')).toBe(true);

    const [sample] = await harness.telephony.searchAvailableNumbers(search({ country: 'AU', limit: 1 }));
    const digits = sample!.phoneNumber.slice(-4);
    const containing = await harness.telephony.searchAvailableNumbers(search({ country: 'AU', contains: digits }));
    expect(containing.map((entry) => entry.phoneNumber)).toContain(sample!.phoneNumber);
    expect(containing.every((entry) => entry.phoneNumber.includes(digits))).toBe(true);

    const smsAndVoice = await harness.telephony.searchAvailableNumbers(
      search({ voiceEnabled: true, smsEnabled: true, limit: 100 }),
    );
    expect(smsAndVoice.length).toBeGreaterThan(0);
    expect(smsAndVoice.every((entry) => entry.capabilities.voice && entry.capabilities.SMS)).toBe(true);
    const all = await harness.telephony.searchAvailableNumbers(search({ limit: 100 }));
    expect(all.length).toBeGreaterThan(smsAndVoice.length);
    expect(all.some((entry) => !entry.capabilities.SMS)).toBe(true);

    expect(await harness.telephony.searchAvailableNumbers(search({ limit: 3 }))).toHaveLength(3);
    expect(await harness.telephony.searchAvailableNumbers(search({ areaCode: '1' }))).toEqual([]);
    expect(await harness.telephony.searchAvailableNumbers(search({ contains: '00000000' }))).toEqual([]);
    await expect(harness.telephony.searchAvailableNumbers(search({ areaCode: 'abc' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('sells a number once: bought numbers leave the search, released ones return', async () => {
    const [wanted] = await harness.telephony.searchAvailableNumbers(search({ country: 'AU', limit: 1 }));
    const bought = await harness.telephony.purchaseNumber({
      phoneNumber: wanted!.phoneNumber,
      friendlyName: 'Sydney sales',
    });
    expect(bought).toEqual({
      sid: expect.stringMatching(/^PN[0-9a-f]{32}$/),
      phoneNumber: wanted!.phoneNumber,
      friendlyName: 'Sydney sales',
    });

    const after = await harness.telephony.searchAvailableNumbers(search({ country: 'AU', limit: 100 }));
    expect(after.map((entry) => entry.phoneNumber)).not.toContain(wanted!.phoneNumber);
    expect(await harness.telephony.findOwnedNumber(wanted!.phoneNumber)).toEqual(bought);

    const twice = await providerError(
      harness.telephony.purchaseNumber({ phoneNumber: wanted!.phoneNumber, friendlyName: 'Again' }),
    );
    expect(twice.code).toBe('PROVIDER_CONFLICT');
    expect(twice.message).toBe('That phone number is no longer available. Please choose another.');

    await harness.telephony.releaseNumber(bought.sid);
    expect(await harness.telephony.findOwnedNumber(wanted!.phoneNumber)).toBeNull();
    const back = await harness.telephony.searchAvailableNumbers(search({ country: 'AU', limit: 100 }));
    expect(back.map((entry) => entry.phoneNumber)).toContain(wanted!.phoneNumber);

    const releasedTwice = await providerError(harness.telephony.releaseNumber(bought.sid));
    expect(releasedTwice.code).toBe('PROVIDER_NOT_FOUND');
    expect(releasedTwice.message).toBe('Phone number not found at the telephony provider');
  });

  it('refuses numbers that are not for sale or not numbers', async () => {
    const unknown = await providerError(
      harness.telephony.purchaseNumber({ phoneNumber: '+6491234567', friendlyName: 'Not in stock' }),
    );
    expect(unknown.code).toBe('PROVIDER_CONFLICT');
    const invalid = await providerError(harness.telephony.purchaseNumber({ phoneNumber: '12345', friendlyName: 'x' }));
    expect(invalid.code).toBe('PROVIDER_REJECTED');
    expect(invalid.message).toBe('That phone number is not valid');
  });

  it('maps wrong credentials and an unreachable API to provider errors', async () => {
    const wrong = createTwilioTelephonyProvider({
      accountSid: harness.sandbox.twilio.accountSid,
      authToken: 'wrong-token',
      baseUrl: harness.sandbox.twilio.baseUrl,
    });
    const error = await providerError(wrong.searchAvailableNumbers(search()));
    expect(error.message).toBe('Telephony provider rejected our credentials');
    expect(error.code).toBe('PROVIDER_UNAVAILABLE');

    const offline = createTwilioTelephonyProvider({ accountSid: 'ACx', authToken: 'x', baseUrl: 'http://127.0.0.1:9' });
    expect((await providerError(offline.releaseNumber('PNx'))).message).toBe('Could not reach the telephony provider');
  });

  it('speaks Twilio’s wire format: Basic auth, page keys, upper-case SMS, error bodies', async () => {
    const { baseUrl, accountSid, authToken } = harness.sandbox.twilio;
    const auth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    const listUrl = `${baseUrl}/2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/US/Local.json?PageSize=2&SmsEnabled=true`;

    const ok = await fetch(listUrl, { headers: { authorization: auth } });
    expect(ok.status).toBe(200);
    const page = await ok.json();
    expect(page).toMatchObject({ page: 0, page_size: 2, next_page_uri: null, uri: expect.any(String) });
    expect(page.available_phone_numbers).toHaveLength(2);
    expect(page.available_phone_numbers[0]).toMatchObject({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    expect(page.available_phone_numbers[0].capabilities).toEqual({
      voice: expect.any(Boolean),
      SMS: true,
      MMS: expect.any(Boolean),
      fax: false,
    });

    const denied = await fetch(listUrl, { headers: { authorization: 'Basic eHg6eXk=' } });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({
      code: 20003,
      message: 'Authenticate',
      more_info: 'https://www.twilio.com/docs/errors/20003',
      status: 401,
    });

    const missing = await fetch(`${baseUrl}/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/PN00.json`, {
      headers: { authorization: auth },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 20404, status: 404 });
  });
});
