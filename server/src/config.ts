import fs from 'node:fs';
import path from 'node:path';
import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { parseCurrencyRates, type CurrencyRates } from '@shared/domain/money';
import { readSecretFile } from './lib/secrets';

const DEFAULT_HOST = '127.0.0.1';
/** The names a browser reaches this machine's loopback interface by. */
const LOOPBACK_SPELLINGS = ['localhost', '127.0.0.1'];

/**
 * The address a browser on this machine opens to reach a server listening on `host`: the address itself, or
 * localhost for a wildcard. The default PUBLIC_URL and the address printed at start-up are this one address.
 */
export function listeningOrigin(host: string, port: number | string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The origins of our own pages, where the payment provider may send a customer back: PUBLIC_URL's and
 * CORS_ORIGINS'. Outside production a loopback origin counts in both spellings (localhost and 127.0.0.1), since a
 * developer opens either.
 */
export function ownOrigins(config: Pick<Config, 'publicUrl' | 'corsOrigins' | 'nodeEnv'>): Set<string> {
  const origins = new Set<string>();
  for (const value of [config.publicUrl, ...config.corsOrigins.split(',')]) {
    const url = safeUrl(value.trim());
    if (!url || url.origin === 'null') continue;
    origins.add(url.origin);
    if (config.nodeEnv === 'production' || !LOOPBACK_SPELLINGS.includes(url.hostname)) continue;
    for (const hostname of LOOPBACK_SPELLINGS) {
      url.hostname = hostname;
      origins.add(url.origin);
    }
  }
  return origins;
}

/** An optional setting that, when given, must be an http or https URL. */
function optionalHttpUrl(name: string) {
  return string()
    .optional()
    .test('http-url', `${name} must be an http or https URL`, (value) =>
      value === undefined ? true : /^https?:$/.test(safeUrl(value)?.protocol ?? ''),
    );
}

/** Every setting the server reads, validated once at start-up; nothing else reads process.env. */
const configSchema = object({
  nodeEnv: mixed<'development' | 'production' | 'test'>()
    .oneOf(['development', 'production', 'test'])
    .default('development'),
  host: string().default(DEFAULT_HOST),
  port: number().integer().min(0).max(65535).default(3000),
  publicUrl: string()
    .required()
    .test('http-url', 'PUBLIC_URL must be an http or https URL', (value) =>
      /^https?:$/.test(safeUrl(value)?.protocol ?? ''),
    ),
  databaseUrl: string().optional(),
  dataDir: string().required(),
  jwtSecret: string().min(32, 'JWT_SECRET must be at least 32 characters').required(),
  accessTokenTtlSec: number().integer().min(5).max(3600).default(900),
  /** How long a just-rotated refresh token still answers with its successor (tabs refreshing at once). */
  refreshGraceSec: number().integer().min(0).max(60).default(20),
  /**
   * How long a request may act on a cached session, role and billing status. Changes made through the services
   * invalidate the cache on every instance at once; this bounds only changes the notifications miss.
   */
  principalCacheTtlMs: number().integer().min(0).max(10_000).default(2000),
  /** Requests of one tenant that one instance runs at once; more wait their turn, so no tenant crowds out another. */
  tenantConcurrentRequests: number().integer().min(1).max(1000).default(4),
  refreshTokenTtlSec: number()
    .integer()
    .min(60)
    .default(30 * 24 * 3600),
  refreshIdleTtlSec: number()
    .integer()
    .min(60)
    .default(7 * 24 * 3600),
  /** log2 of scrypt's N; 17 is OWASP's recommendation, tests lower it for speed. */
  passwordHashCost: number().integer().min(10).max(20).default(17),
  corsOrigins: string().default(''),
  trustProxy: boolean().default(false),
  logLevel: string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Resolved by loadConfig: demo accounts with a published password, never in production unless forced. */
  seedDemo: boolean().required(),
  supportEmail: string().email().default('support@parley.example'),
  mailFrom: string().default('Parley <no-reply@parley.example>'),
  smtpUrl: string().optional(),
  serveRenderer: boolean().default(true),
  rendererDir: string().required(),
  /** Failed sign-ins per window for one account from one address: the tight limit. */
  loginMaxFailuresPerPair: number().integer().min(1).default(5),
  /** For one account from anywhere: loose (NIST's ceiling of 100), so one stranger cannot lock the owner out. */
  loginMaxFailuresPerAccount: number().integer().min(1).default(100),
  /** From one address across accounts: against password spraying. */
  loginMaxFailuresPerAddress: number().integer().min(1).default(30),
  throttleWindowSec: number().integer().min(1).default(900),
  /** Sign-ups per address per hour: each one makes a tenant and an expensive hash. */
  registrationsPerAddressPerHour: number().integer().min(1).default(10),
  resetRequestsPerAddressPerHour: number().integer().min(1).default(20),
  resetRequestsPerAccountPerHour: number().integer().min(1).default(5),
  /** Requests per minute one API key may make, across instances; beyond it 429 with Retry-After. */
  apiKeyRequestsPerMinute: number().integer().min(1).default(120),
  /** 'sandbox' points the vendor SDKs at the embedded emulators; 'live' at the vendors with the keys below. */
  providers: mixed<'sandbox' | 'live'>().oneOf(['sandbox', 'live']).default('sandbox'),
  elevenlabsApiKey: string().optional(),
  elevenlabsWebhookSecret: string().optional(),
  twilioAccountSid: string().optional(),
  twilioAuthToken: string().optional(),
  stripeSecretKey: string().optional(),
  stripePublishableKey: string().optional(),
  stripeWebhookSecret: string().optional(),
  /** With PROVIDERS=live, another address for a vendor's API than its own (a regional host, a proxy). */
  elevenlabsBaseUrl: optionalHttpUrl('ELEVENLABS_BASE_URL'),
  twilioBaseUrl: optionalHttpUrl('TWILIO_BASE_URL'),
  /** Only an origin: the Stripe SDK takes a host, port and protocol, never a path. */
  stripeBaseUrl: optionalHttpUrl('STRIPE_BASE_URL').test(
    'origin-only',
    'STRIPE_BASE_URL must be an origin (scheme, host and port) without a path',
    (value) => !value || ['', '/'].includes(safeUrl(value)?.pathname ?? ''),
  ),
  /**
   * With PROVIDERS=sandbox, a sandbox running as its own process (`npm run sandbox`) instead of the one embedded in
   * this process: what a server with workers apart (`npm run workers`) needs, since all must see one sandbox.
   */
  sandboxUrl: optionalHttpUrl('SANDBOX_URL'),
  /**
   * Rates by currency pair ('usd:nzd' → NZD per US dollar): vendors charge calls in their currency (US dollars), and
   * we record each call in the tenant's currency at the rate of that pair; a pair without a rate is refused.
   */
  currencyRates: mixed<CurrencyRates>().required(),
  /** How long a simulated sandbox call lasts before its conversation and webhook arrive. */
  sandboxCallDelayMs: number().integer().min(0).default(3000),
  /** While a demo is open, the sandbox places a simulated inbound call to the demo clinic this often; 0 is never. */
  demoInboundCallMinutes: number().integer().min(0).default(4),
  /** Whether the server process also runs the job workers; production runs them apart with `npm run workers`. */
  runWorkers: boolean().default(true),
  /**
   * Which jobs this process's workers take: empty for every job, `a,b` for only these, `!a,!b` for all but these
   * (say, the dialer on machines of its own). Checked against the job names at start-up.
   */
  workerJobs: string().default(''),
  /**
   * How long a request holds a provider intent between two of its steps; an open intent whose lease ran out is
   * settled by the reconciler. Longer than any one provider call takes.
   */
  providerIntentLeaseSec: number().integer().min(1).default(60),
  // Calls and live events (issue 12).
  /** An OpenAI-compatible chat-completions endpoint for call analysis; without it the offline analyser runs. */
  analysisBaseUrl: string().optional(),
  analysisApiKey: string().optional(),
  analysisModel: string().default('gpt-4o-mini'),
  analysisTimeoutMs: number().integer().min(100).default(20_000),
  analysisRetries: number().integer().min(0).max(5).default(2),
  /** How far back a reconnecting event stream may replay what it missed (Last-Event-ID). */
  eventReplayWindowSec: number().integer().min(0).default(300),
  /** Comment lines that keep an idle event stream open through proxies. */
  eventHeartbeatMs: number().integer().min(50).default(15_000),
  /** Test-only: the provider-intent checkpoint at which the process kills itself (see crash-checkpoint.ts). */
  testCrashAt: string().optional(),
  // The dialer (modules/dialer): leases, pacing and brakes.
  /** How long a worker holds contacts it claimed before it records their attempts; a crash frees them after this. */
  dialerLeaseSec: number().integer().min(1).default(60),
  /** A recorded attempt must reach the provider within this; later it is not placed at all. */
  dialerPlaceWindowSec: number().integer().min(1).default(20),
  /** After that, how long the reconciler waits for a slow provider answer before it looks the call up. */
  dialerReconcileGraceSec: number().integer().min(1).default(60),
  /** Calls per second the telephony account accepts (Twilio's default is 1), across all tenants and workers. */
  dialerCallsPerSecond: number().positive().default(1),
  /**
   * How long before its pace slot frees a call's attempt may be recorded, so that the call goes when the slot frees
   * rather than a transaction later; the line is held meanwhile.
   */
  dialerPaceLeadMs: number().integer().min(0).default(50),
  /**
   * How long the dialer waits for the voice provider to answer a call's request (sent once: a retry could place a
   * second call); the call's pace slot is held until then, so a late request never shares a second with the next.
   */
  dialerCallRequestTimeoutMs: number().integer().min(100).default(10_000),
  /** Calls one tenant may have under way at once, outbound and inbound together. */
  dialerMaxConcurrentCalls: number().integer().min(1).default(5),
  /** Of those, lines kept free for inbound calls. */
  dialerInboundReserve: number().integer().min(0).default(1),
  /** Minutes beyond the plan's included ones a campaign may use in a month before it pauses itself. */
  dialerOverageCapMinutes: number().integer().min(0).default(500),
});

export type Config = InferType<typeof configSchema>;

type Env = Record<string, string | undefined>;

function safeUrl(value: string | undefined): URL | null {
  try {
    return value ? new URL(value) : null;
  } catch {
    return null;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the generated signing secret lives when JWT_SECRET is not set. */
export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * Never a secret from the source: JWT_SECRET, or the installation's own random secret in the data folder. Outside
 * production it is made on first start; in production it must already be there, so a forgotten JWT_SECRET on a
 * fleet of instances fails loudly instead of giving each instance a different key.
 */
function resolveJwtSecret(env: Env, dataDir: string, production: boolean): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (!production) fs.mkdirSync(dataDir, { recursive: true });
  const secret = readSecretFile(file, { create: !production });
  if (!secret) throw new Error(`Production needs JWT_SECRET (or a secret of at least 32 characters in ${file})`);
  return secret;
}

/**
 * Demo accounts share a published password: seeded by default outside production, and in production only with
 * SEED_DEMO=force, so that a copied demo setting can never open a public deployment.
 */
function resolveSeedDemo(value: string | undefined, production: boolean): boolean {
  const setting = value?.trim().toLowerCase();
  if (setting === 'force') return true;
  if (setting === undefined || setting === '') return !production;
  if (setting === 'false' || setting === '0') return false;
  if (setting !== 'true' && setting !== '1') throw new Error('SEED_DEMO must be true, false or force');
  if (production) {
    throw new Error('SEED_DEMO=true would create demo accounts with a published password in production; use force');
  }
  return true;
}

/** NZD per US dollar unless configured: the voice vendor charges in US dollars and the default plan is in NZD. */
const DEFAULT_USD_TO_NZD_RATE = 1.7;

/**
 * CURRENCY_RATES (`USD:NZD=1.7,USD:AUD=1.5`), with USD_TO_NZD_RATE as an alias of its USD:NZD pair (naming the pair
 * in both is refused as ambiguous); USD:NZD is 1.7 when neither names it.
 */
function readCurrencyRates(env: Env): CurrencyRates {
  const rates = parseCurrencyRates(env.CURRENCY_RATES ?? '');
  const alias = env.USD_TO_NZD_RATE?.trim();
  if (alias && 'usd:nzd' in rates)
    throw new Error('Give the USD:NZD rate in CURRENCY_RATES or USD_TO_NZD_RATE, not both');
  if (alias) {
    const rate = Number(alias);
    if (!Number.isFinite(rate) || rate <= 0) throw new Error('USD_TO_NZD_RATE must be a positive number');
    return { ...rates, 'usd:nzd': rate };
  }
  return { 'usd:nzd': DEFAULT_USD_TO_NZD_RATE, ...rates };
}

/** Reads configuration from the environment (or a given map, in tests) and fails fast on bad values. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const port = env.PORT ?? '3000';
  const production = nodeEnv === 'production';
  const dataDir = overrides.dataDir ?? path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  const raw = {
    nodeEnv,
    host: env.HOST,
    port,
    publicUrl: env.PUBLIC_URL ?? listeningOrigin(env.HOST ?? DEFAULT_HOST, port),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: overrides.jwtSecret ?? resolveJwtSecret(env, dataDir, production),
    accessTokenTtlSec: env.ACCESS_TOKEN_TTL_SEC,
    refreshGraceSec: env.REFRESH_GRACE_SEC,
    principalCacheTtlMs: env.PRINCIPAL_CACHE_TTL_MS,
    tenantConcurrentRequests: env.TENANT_CONCURRENT_REQUESTS,
    refreshTokenTtlSec: env.REFRESH_TOKEN_TTL_SEC,
    refreshIdleTtlSec: env.REFRESH_IDLE_TTL_SEC,
    passwordHashCost: env.PASSWORD_HASH_COST,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    seedDemo: overrides.seedDemo ?? resolveSeedDemo(env.SEED_DEMO, production),
    supportEmail: env.SUPPORT_EMAIL,
    mailFrom: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL || undefined,
    serveRenderer: env.SERVE_RENDERER,
    rendererDir: path.resolve(env.RENDERER_DIR ?? path.join(ROOT, 'dist/renderer')),
    loginMaxFailuresPerPair: env.LOGIN_MAX_FAILURES_PER_PAIR,
    loginMaxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
    throttleWindowSec: env.THROTTLE_WINDOW_SEC,
    registrationsPerAddressPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    resetRequestsPerAddressPerHour: env.RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
    resetRequestsPerAccountPerHour: env.RESET_REQUESTS_PER_ACCOUNT_PER_HOUR,
    apiKeyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE,
    providers: env.PROVIDERS,
    elevenlabsApiKey: env.ELEVENLABS_API_KEY || undefined,
    elevenlabsWebhookSecret: env.ELEVENLABS_WEBHOOK_SECRET || undefined,
    twilioAccountSid: env.TWILIO_ACCOUNT_SID || undefined,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    elevenlabsBaseUrl: env.ELEVENLABS_BASE_URL || undefined,
    twilioBaseUrl: env.TWILIO_BASE_URL || undefined,
    stripeBaseUrl: env.STRIPE_BASE_URL || undefined,
    sandboxUrl: env.SANDBOX_URL || undefined,
    currencyRates: readCurrencyRates(env),
    sandboxCallDelayMs: env.SANDBOX_CALL_DELAY_MS,
    demoInboundCallMinutes: env.DEMO_INBOUND_CALL_MINUTES,
    runWorkers: env.RUN_WORKERS,
    workerJobs: env.WORKER_JOBS,
    providerIntentLeaseSec: env.PROVIDER_INTENT_LEASE_SEC,
    testCrashAt: env.PARLEY_TEST_CRASH_AT || undefined,
    dialerLeaseSec: env.DIALER_LEASE_SEC,
    dialerPlaceWindowSec: env.DIALER_PLACE_WINDOW_SEC,
    dialerReconcileGraceSec: env.DIALER_RECONCILE_GRACE_SEC,
    dialerCallsPerSecond: env.DIALER_CALLS_PER_SECOND,
    dialerPaceLeadMs: env.DIALER_PACE_LEAD_MS,
    dialerCallRequestTimeoutMs: env.DIALER_CALL_REQUEST_TIMEOUT_MS,
    dialerMaxConcurrentCalls: env.DIALER_MAX_CONCURRENT_CALLS,
    dialerInboundReserve: env.DIALER_INBOUND_RESERVE,
    dialerOverageCapMinutes: env.DIALER_OVERAGE_CAP_MINUTES,
    analysisBaseUrl: env.ANALYSIS_BASE_URL || undefined,
    analysisApiKey: env.ANALYSIS_API_KEY || undefined,
    analysisModel: env.ANALYSIS_MODEL || undefined,
    analysisTimeoutMs: env.ANALYSIS_TIMEOUT_MS,
    analysisRetries: env.ANALYSIS_RETRIES,
    eventReplayWindowSec: env.EVENT_REPLAY_WINDOW_SEC,
    eventHeartbeatMs: env.EVENT_HEARTBEAT_MS,
    ...overrides,
  };
  const defined = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined));
  const config = configSchema.validateSync(defined, { abortEarly: false, stripUnknown: true });
  if (config.testCrashAt && config.nodeEnv !== 'test') throw new Error('PARLEY_TEST_CRASH_AT is for tests only');
  if (config.providers === 'live') {
    const missing = (
      [
        ['ELEVENLABS_API_KEY', config.elevenlabsApiKey],
        ['ELEVENLABS_WEBHOOK_SECRET', config.elevenlabsWebhookSecret],
        ['TWILIO_ACCOUNT_SID', config.twilioAccountSid],
        ['TWILIO_AUTH_TOKEN', config.twilioAuthToken],
        ['STRIPE_SECRET_KEY', config.stripeSecretKey],
        ['STRIPE_PUBLISHABLE_KEY', config.stripePublishableKey],
        ['STRIPE_WEBHOOK_SECRET', config.stripeWebhookSecret],
      ] as const
    )
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length) throw new Error(`PROVIDERS=live needs ${missing.join(', ')}`);
    if (config.sandboxUrl) throw new Error('SANDBOX_URL is for PROVIDERS=sandbox; live providers use their keys');
  } else {
    const liveOnly = (
      [
        ['ELEVENLABS_BASE_URL', config.elevenlabsBaseUrl],
        ['TWILIO_BASE_URL', config.twilioBaseUrl],
        ['STRIPE_BASE_URL', config.stripeBaseUrl],
      ] as const
    ).filter(([, value]) => value);
    if (liveOnly.length) {
      throw new Error(
        `${liveOnly.map(([name]) => name).join(', ')} apply to PROVIDERS=live; to use a sandbox in its own process, set SANDBOX_URL`,
      );
    }
  }
  return config;
}

/** What `npm run sandbox` reads: where it listens, where it keeps its state, and where the Parley server is. */
const sandboxProcessSchema = object({
  host: string().default(DEFAULT_HOST),
  port: number().integer().min(0).max(65535).default(4010),
  /** Its own SQLite file, never Parley's database: the sandbox plays the vendors, whose state is not ours. */
  dataDir: string().required(),
  parleyUrl: string()
    .required()
    .test('http-url', 'PARLEY_URL must be an http or https URL', (value) =>
      /^https?:$/.test(safeUrl(value)?.protocol ?? ''),
    ),
  callDelayMs: number().integer().min(0).default(3000),
  logLevel: string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type SandboxProcessConfig = InferType<typeof sandboxProcessSchema>;

/** The standalone sandbox's settings, validated like the server's; the Parley server is at PUBLIC_URL by default. */
export function loadSandboxConfig(env: Env = process.env): SandboxProcessConfig {
  const dataDir = path.resolve(
    env.SANDBOX_DATA_DIR ?? path.join(env.DATA_DIR ?? path.join(ROOT, 'data'), 'sandbox-process'),
  );
  const raw = {
    host: env.SANDBOX_HOST || undefined,
    port: env.SANDBOX_PORT || undefined,
    dataDir,
    parleyUrl: env.PARLEY_URL || env.PUBLIC_URL || listeningOrigin(DEFAULT_HOST, env.PORT ?? '3000'),
    callDelayMs: env.SANDBOX_CALL_DELAY_MS || undefined,
    logLevel: env.LOG_LEVEL || undefined,
  };
  const defined = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined));
  return sandboxProcessSchema.validateSync(defined, { abortEarly: false, stripUnknown: true });
}
