import type { Config } from '../../config';
import type { Db } from '../database';
import { hashPassword } from '../../lib/secrets';
import { AGENT_TEMPLATES, VOICES } from './catalogue';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TENANTS, demoAccountsWarning } from './demo-accounts';

/** The plan catalogue in NZD cents, in the spirit of the spec's defaults (100 minutes, 1 agent, 10c overage). */
export const PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'One AI receptionist for a small business.',
    base_price_monthly: 4900,
    base_price_yearly: 49000,
    minutes_included: 100,
    overage_rate_per_minute: 15,
    max_agents: 1,
    max_phone_numbers: 1,
    max_campaigns: 3,
    support_level: 'basic',
    phone_numbers_included: 1,
    phone_number_cost_monthly: 1000,
    multi_user_enabled: false,
    sort_order: 1,
    visible: true,
  },
  {
    id: 'standard',
    name: 'Standard',
    description: 'Inbound and outbound agents for a growing team.',
    base_price_monthly: 14900,
    base_price_yearly: 149000,
    minutes_included: 500,
    overage_rate_per_minute: 12,
    max_agents: 3,
    max_phone_numbers: 3,
    max_campaigns: 10,
    support_level: 'standard',
    phone_numbers_included: 1,
    phone_number_cost_monthly: 1000,
    multi_user_enabled: true,
    sort_order: 2,
    visible: true,
  },
  {
    id: 'growth',
    name: 'Growth',
    description: 'Many agents, many numbers and priority support.',
    base_price_monthly: 39900,
    base_price_yearly: 399000,
    minutes_included: 2000,
    overage_rate_per_minute: 10,
    max_agents: 10,
    max_phone_numbers: 10,
    max_campaigns: 50,
    support_level: 'priority',
    phone_numbers_included: 3,
    phone_number_cost_monthly: 1000,
    multi_user_enabled: true,
    sort_order: 3,
    visible: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Custom limits agreed with our team.',
    base_price_monthly: 149900,
    base_price_yearly: null,
    minutes_included: 10000,
    overage_rate_per_minute: 8,
    max_agents: 50,
    max_phone_numbers: 50,
    max_campaigns: 500,
    support_level: 'priority',
    phone_numbers_included: 10,
    phone_number_cost_monthly: 800,
    multi_user_enabled: true,
    sort_order: 4,
    visible: false,
  },
] as const;

/** Stable ids so that seeding twice finds what the first run made. */
const TENANT_IDS = { demo: '00000000-0000-4000-8000-000000000001', other: '00000000-0000-4000-8000-000000000002' };
const USER_IDS = {
  admin: '00000000-0000-4000-8000-000000000011',
  user: '00000000-0000-4000-8000-000000000012',
  superadmin: '00000000-0000-4000-8000-000000000013',
  otherAdmin: '00000000-0000-4000-8000-000000000014',
};

export interface SeedOptions {
  now: string;
  passwordHashCost: number;
  /** The catalogue (plans, voices, templates) is always seeded; demo tenants and users only when asked. */
  demo: boolean;
}

/** Inserts the rows whose id is not there yet; an empty list is skipped, since Knex rejects an empty insert. */
async function insertMissing(db: Db, table: string, rows: object[]): Promise<void> {
  if (!rows.length) return;
  await db(table).insert(rows).onConflict('id').ignore();
}

/** Seeds what is missing and changes nothing that exists, so it is safe on every start. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  const { now } = options;
  await insertMissing(
    db,
    'plans',
    PLANS.map((plan) => ({ ...plan, currency: 'nzd', active: true, created_at: now, updated_at: now })),
  );
  await insertMissing(
    db,
    'voices',
    VOICES.map((voice, index) => ({
      id: voice.id,
      name: voice.name,
      elevenlabs_id: voice.elevenlabsId,
      description: voice.description,
      active: true,
      sort_order: index,
    })),
  );
  await insertMissing(
    db,
    'agent_templates',
    AGENT_TEMPLATES.map((template, index) => ({
      id: template.id,
      name: template.name,
      description: template.description,
      prompt_structure: template.promptStructure,
      active: true,
      sort_order: index,
    })),
  );
  if (!options.demo) return;

  const tenants = [
    { key: 'demo' as const, billing: 'active', hasCard: true, outbound: true },
    { key: 'other' as const, billing: 'active', hasCard: true, outbound: false },
  ];
  await insertMissing(
    db,
    'tenants',
    tenants.map((tenant) => {
      const spec = DEMO_TENANTS[tenant.key];
      const plan = PLANS.find((p) => p.id === spec.plan);
      return {
        id: TENANT_IDS[tenant.key],
        name: spec.name,
        plan: spec.plan,
        minutes_included: plan?.minutes_included ?? 100,
        billing_status: tenant.billing,
        has_payment_method: tenant.hasCard,
        outbound_calling_enabled: tenant.outbound,
        subdomain: spec.subdomain,
        created_at: now,
        updated_at: now,
      };
    }),
  );

  const existing = new Set((await db('users').whereIn('id', Object.values(USER_IDS)).pluck('id')) as string[]);
  const passwordHash = await hashPassword(DEMO_PASSWORD, options.passwordHashCost);
  const users = [
    { key: 'admin' as const, tenantId: TENANT_IDS.demo, owner: true },
    { key: 'user' as const, tenantId: TENANT_IDS.demo, owner: false },
    { key: 'superadmin' as const, tenantId: null, owner: false },
    { key: 'otherAdmin' as const, tenantId: TENANT_IDS.other, owner: true },
  ];
  for (const user of users) {
    if (existing.has(USER_IDS[user.key])) continue;
    const account = DEMO_ACCOUNTS[user.key];
    await db('users')
      .insert({
        id: USER_IDS[user.key],
        tenant_id: user.tenantId,
        name: account.name,
        email: account.email,
        role: account.role,
        password_hash: passwordHash,
        email_verified: true,
        is_tenant_owner: user.owner,
        active: true,
        created_at: now,
        updated_at: now,
      })
      .onConflict('email')
      .ignore();
  }
}

/**
 * Says loudly at start-up when the demo accounts are live. In production without SEED_DEMO=force, demo accounts
 * that an earlier start seeded (before seeding honoured production) are switched off: their password is published.
 */
export async function announceDemoAccounts(
  db: Db,
  config: Pick<Config, 'seedDemo' | 'nodeEnv'>,
  now: string,
  logger: { warn(details: object, message: string): void },
): Promise<void> {
  if (config.seedDemo) {
    logger.warn(
      { accounts: Object.values(DEMO_ACCOUNTS).map((account) => account.email) },
      demoAccountsWarning(config.nodeEnv),
    );
    return;
  }
  if (config.nodeEnv !== 'production') return;
  const keys = Object.keys(USER_IDS) as Array<keyof typeof USER_IDS>;
  let retired = 0;
  for (const key of keys) {
    retired += await db('users')
      .where({ id: USER_IDS[key], email: DEMO_ACCOUNTS[key].email, active: true })
      .update({ active: false, updated_at: now });
  }
  if (retired) logger.warn({ retired }, 'Demo accounts left by an earlier start were deactivated');
}

export const DEMO_TENANT_IDS = TENANT_IDS;
export const DEMO_USER_IDS = USER_IDS;
