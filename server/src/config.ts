import path from 'node:path';
import { boolean, mixed, number, object, string, type InferType } from 'yup';

/** Every setting the server reads, validated once at start-up; nothing else reads process.env. */
const configSchema = object({
  nodeEnv: mixed<'development' | 'production' | 'test'>()
    .oneOf(['development', 'production', 'test'])
    .default('development'),
  host: string().default('127.0.0.1'),
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
  seedDemo: boolean().default(true),
  supportEmail: string().email().default('support@parley.example'),
  mailFrom: string().default('Parley <no-reply@parley.example>'),
  smtpUrl: string().optional(),
  serveRenderer: boolean().default(true),
  rendererDir: string().required(),
  loginMaxFailuresPerAccount: number().integer().min(1).default(5),
  loginMaxFailuresPerAddress: number().integer().min(1).default(30),
  throttleWindowSec: number().integer().min(1).default(900),
  /** 'sandbox' points the vendor SDKs at the embedded emulators; 'live' at the vendors with the keys below. */
  providers: mixed<'sandbox' | 'live'>().oneOf(['sandbox', 'live']).default('sandbox'),
  elevenlabsApiKey: string().optional(),
  elevenlabsWebhookSecret: string().optional(),
  twilioAccountSid: string().optional(),
  twilioAuthToken: string().optional(),
  /** NZD per US dollar: vendors charge calls in US dollars, and we record their cost in NZD cents at this rate. */
  usdToNzdRate: number().positive('USD_TO_NZD_RATE must be a positive number').default(1.7),
  /** How long a simulated sandbox call lasts before its conversation and webhook arrive. */
  sandboxCallDelayMs: number().integer().min(0).default(3000),
  /**
   * How long a request holds a provider intent between two of its steps; an open intent whose lease ran out is
   * settled by the reconciler. Longer than any one provider call takes.
   */
  providerIntentLeaseSec: number().integer().min(1).default(60),
  /** How often the reconciler looks for open provider intents whose lease ran out. */
  reconcileIntervalSec: number().integer().min(1).default(60),
  /** Test-only: the provider-intent checkpoint at which the process kills itself (see crash-checkpoint.ts). */
  testCrashAt: string().optional(),
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

/** Reads configuration from the environment (or a given map, in tests) and fails fast on bad values. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const port = env.PORT ?? '3000';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  const raw = {
    nodeEnv,
    host: env.HOST,
    port,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret:
      env.JWT_SECRET ?? (nodeEnv === 'production' ? undefined : 'parley-demo-secret-change-me-in-production-0123'),
    accessTokenTtlSec: env.ACCESS_TOKEN_TTL_SEC,
    refreshTokenTtlSec: env.REFRESH_TOKEN_TTL_SEC,
    refreshIdleTtlSec: env.REFRESH_IDLE_TTL_SEC,
    passwordHashCost: env.PASSWORD_HASH_COST,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    supportEmail: env.SUPPORT_EMAIL,
    mailFrom: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL || undefined,
    serveRenderer: env.SERVE_RENDERER,
    rendererDir: path.resolve(env.RENDERER_DIR ?? path.join(ROOT, 'dist/renderer')),
    loginMaxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
    throttleWindowSec: env.THROTTLE_WINDOW_SEC,
    providers: env.PROVIDERS,
    elevenlabsApiKey: env.ELEVENLABS_API_KEY || undefined,
    elevenlabsWebhookSecret: env.ELEVENLABS_WEBHOOK_SECRET || undefined,
    twilioAccountSid: env.TWILIO_ACCOUNT_SID || undefined,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN || undefined,
    usdToNzdRate: env.USD_TO_NZD_RATE,
    sandboxCallDelayMs: env.SANDBOX_CALL_DELAY_MS,
    providerIntentLeaseSec: env.PROVIDER_INTENT_LEASE_SEC,
    reconcileIntervalSec: env.RECONCILE_INTERVAL_SEC,
    testCrashAt: env.PARLEY_TEST_CRASH_AT || undefined,
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
      ] as const
    )
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length) throw new Error(`PROVIDERS=live needs ${missing.join(', ')}`);
  }
  return config;
}
