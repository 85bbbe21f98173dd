import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('starts the demo with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      providers: 'sandbox',
      passwordHashCost: 17,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('refuses a production start without a JWT secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow();
  });

  it('refuses a public URL that is not http or https', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow('PUBLIC_URL must be an http or https URL');
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow('PUBLIC_URL must be an http or https URL');
  });

  it('names every missing key when live providers are asked for', () => {
    expect(() => loadConfig({ PROVIDERS: 'live', ELEVENLABS_API_KEY: 'k' })).toThrow(
      'PROVIDERS=live needs ELEVENLABS_WEBHOOK_SECRET, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN',
    );
  });

  it('reads the US dollar to NZD rate, and refuses one that is not a positive number', () => {
    expect(loadConfig({}).usdToNzdRate).toBe(1.7);
    expect(loadConfig({ USD_TO_NZD_RATE: '1.62' }).usdToNzdRate).toBe(1.62);
    expect(() => loadConfig({ USD_TO_NZD_RATE: '0' })).toThrow('USD_TO_NZD_RATE must be a positive number');
    expect(() => loadConfig({ USD_TO_NZD_RATE: 'abc' })).toThrow();
  });

  it('accepts a crash checkpoint only in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test', PARLEY_TEST_CRASH_AT: 'agent.create:begun' }).testCrashAt).toBe(
      'agent.create:begun',
    );
    expect(() => loadConfig({ PARLEY_TEST_CRASH_AT: 'agent.create:begun' })).toThrow(
      'PARLEY_TEST_CRASH_AT is for tests only',
    );
  });

  it('rejects out-of-range numbers', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow();
    expect(() => loadConfig({ PASSWORD_HASH_COST: '4' })).toThrow();
  });
});
