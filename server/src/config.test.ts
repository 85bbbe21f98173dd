import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, listeningOrigin, loadConfig, loadSandboxConfig, ownOrigins } from './config';

const dataDirs: string[] = [];
function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-config-'));
  dataDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('starts the demo with no settings but a data folder', () => {
    const config = loadConfig({ DATA_DIR: freshDataDir() });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://127.0.0.1:3000',
      providers: 'sandbox',
      passwordHashCost: 17,
      seedDemo: true,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  describe('its own address', () => {
    it('is one address by default: the one it listens on, printed at start-up and used in links', () => {
      const config = loadConfig({ DATA_DIR: freshDataDir(), PORT: '4123' });
      expect(config.publicUrl).toBe(listeningOrigin(config.host, 4123));
      expect(loadConfig({ DATA_DIR: freshDataDir(), HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3000');
      expect(loadConfig({ DATA_DIR: freshDataDir(), HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
    });

    it('takes both loopback spellings as its own origin in development, only the configured one in production', () => {
      const settings = { publicUrl: 'http://localhost:3000', corsOrigins: 'https://app.example.com' };
      expect([...ownOrigins({ ...settings, nodeEnv: 'development' })].sort()).toEqual([
        'http://127.0.0.1:3000',
        'http://localhost:3000',
        'https://app.example.com',
      ]);
      expect([...ownOrigins({ ...settings, nodeEnv: 'production' })].sort()).toEqual([
        'http://localhost:3000',
        'https://app.example.com',
      ]);
      expect(ownOrigins({ publicUrl: 'http://127.0.0.1:3000', corsOrigins: '', nodeEnv: 'development' })).toContain(
        'http://localhost:3000',
      );
    });
  });

  describe('the signing secret', () => {
    it('is generated on first start, kept in the data folder readable by its owner only, and reused', () => {
      const dataDir = freshDataDir();
      const first = loadConfig({ DATA_DIR: dataDir });
      const file = path.join(dataDir, JWT_SECRET_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(file, 'utf8')).toBe(first.jwtSecret);
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    });

    it('differs between installations: no secret comes from the source', () => {
      const one = loadConfig({ DATA_DIR: freshDataDir() }).jwtSecret;
      const other = loadConfig({ DATA_DIR: freshDataDir() }).jwtSecret;
      expect(one).not.toBe(other);
      expect(one).not.toMatch(/parley|demo|change-me/i);
    });

    it('comes from JWT_SECRET when set, which must be long enough', () => {
      const dataDir = freshDataDir();
      const secret = 'an-operator-chosen-secret-0123456789abcdef';
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
      expect(fs.existsSync(path.join(dataDir, JWT_SECRET_FILE))).toBe(false);
      expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(
        'JWT_SECRET must be at least 32 characters',
      );
    });

    it('is required in production: never generated there, but an existing secret file is used', () => {
      const dataDir = freshDataDir();
      expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow('Production needs JWT_SECRET');
      expect(fs.existsSync(path.join(dataDir, JWT_SECRET_FILE))).toBe(false);
      const made = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
      expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).jwtSecret).toBe(made);
    });
  });

  describe('demo accounts', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-0123456789-abcdefgh' };

    it('are seeded by default outside production and can be switched off', () => {
      expect(loadConfig({ DATA_DIR: freshDataDir() }).seedDemo).toBe(true);
      expect(loadConfig({ DATA_DIR: freshDataDir(), SEED_DEMO: 'false' }).seedDemo).toBe(false);
    });

    it('are never seeded in production unless forced', () => {
      expect(loadConfig({ ...production, DATA_DIR: freshDataDir() }).seedDemo).toBe(false);
      expect(() => loadConfig({ ...production, DATA_DIR: freshDataDir(), SEED_DEMO: 'true' })).toThrow(
        'SEED_DEMO=true would create demo accounts with a published password in production; use force',
      );
      expect(loadConfig({ ...production, DATA_DIR: freshDataDir(), SEED_DEMO: 'force' }).seedDemo).toBe(true);
    });

    it('refuses a setting it does not understand', () => {
      expect(() => loadConfig({ DATA_DIR: freshDataDir(), SEED_DEMO: 'maybe' })).toThrow(
        'SEED_DEMO must be true, false or force',
      );
    });
  });

  it('refuses a public URL that is not http or https', () => {
    const DATA_DIR = freshDataDir();
    expect(() => loadConfig({ DATA_DIR, PUBLIC_URL: 'ftp://example.com' })).toThrow(
      'PUBLIC_URL must be an http or https URL',
    );
    expect(() => loadConfig({ DATA_DIR, PUBLIC_URL: 'not a url' })).toThrow('PUBLIC_URL must be an http or https URL');
  });

  it('names every missing key when live providers are asked for', () => {
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), PROVIDERS: 'live', ELEVENLABS_API_KEY: 'k' })).toThrow(
      'PROVIDERS=live needs ELEVENLABS_WEBHOOK_SECRET, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET',
    );
  });

  it('reads the currency rate table, with USD_TO_NZD_RATE as the alias of its USD:NZD pair', () => {
    expect(loadConfig({}).currencyRates).toEqual({ 'usd:nzd': 1.7 });
    expect(loadConfig({ USD_TO_NZD_RATE: '1.62' }).currencyRates).toEqual({ 'usd:nzd': 1.62 });
    expect(loadConfig({ CURRENCY_RATES: 'USD:AUD=1.5' }).currencyRates).toEqual({ 'usd:nzd': 1.7, 'usd:aud': 1.5 });
    expect(loadConfig({ CURRENCY_RATES: 'USD:NZD=1.6,USD:AUD=1.5', USD_TO_NZD_RATE: '' }).currencyRates).toEqual({
      'usd:nzd': 1.6,
      'usd:aud': 1.5,
    });
    expect(() => loadConfig({ USD_TO_NZD_RATE: '0' })).toThrow('USD_TO_NZD_RATE must be a positive number');
    expect(() => loadConfig({ USD_TO_NZD_RATE: 'abc' })).toThrow('USD_TO_NZD_RATE must be a positive number');
    expect(() => loadConfig({ CURRENCY_RATES: 'USD:NZD=1.6', USD_TO_NZD_RATE: '1.7' })).toThrow('not both');
    expect(() => loadConfig({ CURRENCY_RATES: 'USD=1.6' })).toThrow('CURRENCY_RATES: "USD=1.6"');
  });

  it('accepts a crash checkpoint only in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test', PARLEY_TEST_CRASH_AT: 'agent.create:begun' }).testCrashAt).toBe(
      'agent.create:begun',
    );
    expect(() => loadConfig({ PARLEY_TEST_CRASH_AT: 'agent.create:begun' })).toThrow(
      'PARLEY_TEST_CRASH_AT is for tests only',
    );
  });

  describe('vendor addresses', () => {
    const LIVE = {
      PROVIDERS: 'live',
      ELEVENLABS_API_KEY: 'k',
      ELEVENLABS_WEBHOOK_SECRET: 's',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_PUBLISHABLE_KEY: 'pk',
      STRIPE_WEBHOOK_SECRET: 'whsec',
    };

    it('are the vendors’ own unless a base URL is set, with live providers', () => {
      const DATA_DIR = freshDataDir();
      const vendors = loadConfig({ DATA_DIR, ...LIVE });
      expect([vendors.elevenlabsBaseUrl, vendors.twilioBaseUrl, vendors.stripeBaseUrl]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
      const config = loadConfig({
        DATA_DIR,
        ...LIVE,
        ELEVENLABS_BASE_URL: 'https://api.eu.residency.elevenlabs.io',
        TWILIO_BASE_URL: 'http://127.0.0.1:4010/twilio',
        STRIPE_BASE_URL: 'http://127.0.0.1:4010',
      });
      expect(config).toMatchObject({
        elevenlabsBaseUrl: 'https://api.eu.residency.elevenlabs.io',
        twilioBaseUrl: 'http://127.0.0.1:4010/twilio',
        stripeBaseUrl: 'http://127.0.0.1:4010',
      });
    });

    it('refuse what is not an http URL, and a Stripe address with a path', () => {
      const DATA_DIR = freshDataDir();
      expect(() => loadConfig({ DATA_DIR, ...LIVE, ELEVENLABS_BASE_URL: 'api.elevenlabs.io' })).toThrow(
        'ELEVENLABS_BASE_URL must be an http or https URL',
      );
      expect(() => loadConfig({ DATA_DIR, ...LIVE, TWILIO_BASE_URL: 'ftp://twilio' })).toThrow(
        'TWILIO_BASE_URL must be an http or https URL',
      );
      expect(() => loadConfig({ DATA_DIR, ...LIVE, STRIPE_BASE_URL: 'http://127.0.0.1:4010/stripe' })).toThrow(
        'STRIPE_BASE_URL must be an origin',
      );
      expect(() => loadConfig({ DATA_DIR, SANDBOX_URL: '127.0.0.1:4010' })).toThrow(
        'SANDBOX_URL must be an http or https URL',
      );
    });

    it('take a sandbox of its own process only with sandbox providers, and base URLs only with live ones', () => {
      const DATA_DIR = freshDataDir();
      expect(loadConfig({ DATA_DIR, SANDBOX_URL: 'http://127.0.0.1:4010' }).sandboxUrl).toBe('http://127.0.0.1:4010');
      expect(loadConfig({ DATA_DIR }).sandboxUrl).toBeUndefined();
      expect(() => loadConfig({ DATA_DIR, ...LIVE, SANDBOX_URL: 'http://127.0.0.1:4010' })).toThrow(
        'SANDBOX_URL is for PROVIDERS=sandbox',
      );
      expect(() => loadConfig({ DATA_DIR, TWILIO_BASE_URL: 'http://127.0.0.1:4010/twilio' })).toThrow(
        'TWILIO_BASE_URL apply to PROVIDERS=live; to use a sandbox in its own process, set SANDBOX_URL',
      );
    });
  });

  it('rejects out-of-range numbers', () => {
    const DATA_DIR = freshDataDir();
    expect(() => loadConfig({ DATA_DIR, PORT: '70000' })).toThrow();
    expect(() => loadConfig({ DATA_DIR, PASSWORD_HASH_COST: '4' })).toThrow();
    expect(() => loadConfig({ DATA_DIR, REFRESH_GRACE_SEC: '600' })).toThrow();
  });
});

describe('loadSandboxConfig', () => {
  it('listens on loopback port 4010 with its own state folder, posting webhooks to the server at PUBLIC_URL', () => {
    const DATA_DIR = freshDataDir();
    expect(loadSandboxConfig({ DATA_DIR })).toEqual({
      host: '127.0.0.1',
      port: 4010,
      dataDir: path.join(DATA_DIR, 'sandbox-process'),
      parleyUrl: 'http://127.0.0.1:3000',
      callDelayMs: 3000,
      logLevel: 'info',
    });
    expect(loadSandboxConfig({ DATA_DIR, PORT: '8080' }).parleyUrl).toBe('http://127.0.0.1:8080');
    expect(loadSandboxConfig({ DATA_DIR, PUBLIC_URL: 'https://parley.example' }).parleyUrl).toBe(
      'https://parley.example',
    );
  });

  it('takes its own settings, and PARLEY_URL over PUBLIC_URL', () => {
    const config = loadSandboxConfig({
      SANDBOX_HOST: '0.0.0.0',
      SANDBOX_PORT: '4999',
      SANDBOX_DATA_DIR: '/tmp/vendors',
      PARLEY_URL: 'http://10.0.0.5:3000',
      PUBLIC_URL: 'https://parley.example',
      SANDBOX_CALL_DELAY_MS: '200',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 4999,
      dataDir: '/tmp/vendors',
      parleyUrl: 'http://10.0.0.5:3000',
      callDelayMs: 200,
    });
  });

  it('refuses a bad port or server address', () => {
    expect(() => loadSandboxConfig({ SANDBOX_PORT: '70000' })).toThrow();
    expect(() => loadSandboxConfig({ PARLEY_URL: 'parley:3000' })).toThrow('PARLEY_URL must be an http or https URL');
  });
});
