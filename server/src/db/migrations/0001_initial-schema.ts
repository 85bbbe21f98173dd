import type { Knex } from 'knex';

/**
 * The whole data model of both specification documents plus what the server needs itself.
 * Portable builder calls only; checks instead of enums; tenant tables indexed by tenant_id first.
 */
const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });
const id = (t: Knex.CreateTableBuilder) => t.string('id', 36).primary();
const tenantRef = (t: Knex.CreateTableBuilder) =>
  t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
const stamps = (t: Knex.CreateTableBuilder) => {
  ts(t, 'created_at').notNullable();
  ts(t, 'updated_at').notNullable();
};
const inList = (column: string, values: readonly string[]) =>
  `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plans', (t) => {
    t.string('id', 64).primary();
    t.string('name', 255).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('base_price_monthly').notNullable().defaultTo(0);
    t.integer('base_price_yearly').nullable();
    t.string('currency', 3).notNullable().defaultTo('nzd');
    t.integer('minutes_included').notNullable().defaultTo(100);
    t.integer('overage_rate_per_minute').notNullable().defaultTo(10);
    t.string('stripe_product_id', 255).nullable();
    t.string('stripe_price_id_monthly', 255).nullable();
    t.string('stripe_price_id_yearly', 255).nullable();
    t.string('stripe_price_id_metered', 255).nullable();
    t.integer('max_agents').notNullable().defaultTo(1);
    t.integer('max_phone_numbers').notNullable().defaultTo(1);
    t.integer('max_campaigns').notNullable().defaultTo(3);
    t.string('support_level', 16).notNullable().defaultTo('basic');
    t.integer('phone_numbers_included').notNullable().defaultTo(1);
    t.integer('phone_number_cost_monthly').notNullable().defaultTo(1000);
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('multi_user_enabled').notNullable().defaultTo(false);
    t.boolean('visible').notNullable().defaultTo(true);
    stamps(t);
    t.check(inList('currency', ['nzd', 'usd', 'aud']));
    t.check(inList('support_level', ['basic', 'standard', 'priority']));
    t.check('base_price_monthly >= 0 and minutes_included >= 0 and overage_rate_per_minute >= 0');
  });

  await knex.schema.createTable('tenants', (t) => {
    id(t);
    t.string('name', 255).notNullable();
    t.string('plan', 64).notNullable().defaultTo('standard').references('id').inTable('plans');
    t.integer('minutes_included').notNullable().defaultTo(100);
    t.integer('price_per_minute_override').nullable();
    t.string('billing_status', 16).notNullable().defaultTo('inactive');
    t.string('stripe_customer_id', 255).nullable();
    t.string('stripe_subscription_id', 255).nullable();
    t.boolean('has_payment_method').notNullable().defaultTo(false);
    t.boolean('outbound_calling_enabled').notNullable().defaultTo(false);
    t.string('subdomain', 63).nullable().unique();
    t.string('custom_domain', 255).nullable();
    stamps(t);
    t.check(inList('billing_status', ['inactive', 'active', 'trialing', 'delinquent', 'canceled']));
  });

  await knex.schema.createTable('users', (t) => {
    id(t);
    t.string('tenant_id', 36).nullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.string('email', 254).notNullable().unique();
    t.string('role', 16).notNullable().defaultTo('user');
    t.string('password_hash', 255).notNullable();
    t.string('password_reset_token_hash', 64).nullable().unique();
    ts(t, 'password_reset_expires_at').nullable();
    t.boolean('email_verified').notNullable().defaultTo(false);
    t.string('email_verification_token_hash', 64).nullable().unique();
    ts(t, 'email_verification_expires_at').nullable();
    t.boolean('is_tenant_owner').notNullable().defaultTo(false);
    t.boolean('active').notNullable().defaultTo(true);
    stamps(t);
    t.index(['tenant_id', 'created_at']);
    t.check(inList('role', ['user', 'admin', 'superadmin']));
  });

  await knex.schema.createTable('refresh_token_families', (t) => {
    id(t);
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    ts(t, 'created_at').notNullable();
    ts(t, 'expires_at').notNullable();
    ts(t, 'revoked_at').nullable();
    t.string('revoked_reason', 32).nullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('refresh_tokens', (t) => {
    id(t);
    t.string('family_id', 36).notNullable().references('id').inTable('refresh_token_families').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    ts(t, 'created_at').notNullable();
    ts(t, 'expires_at').notNullable();
    ts(t, 'used_at').nullable();
    t.index(['family_id']);
  });

  await knex.schema.createTable('mail_outbox', (t) => {
    id(t);
    t.string('to_address', 254).notNullable();
    t.string('subject', 255).notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').nullable();
    t.string('kind', 32).notNullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'sent_at').nullable();
    t.index(['to_address', 'created_at']);
  });

  await knex.schema.createTable('processed_webhook_events', (t) => {
    id(t);
    t.string('provider', 32).notNullable();
    t.string('event_id', 255).notNullable();
    ts(t, 'received_at').notNullable();
    t.unique(['provider', 'event_id']);
  });

  await knex.schema.createTable('audit_log', (t) => {
    id(t);
    ts(t, 'occurred_at').notNullable();
    t.string('tenant_id', 36).nullable();
    t.string('actor_user_id', 36).nullable();
    t.string('event', 64).notNullable();
    t.string('ip', 64).nullable();
    t.string('request_id', 64).nullable();
    t.text('details').nullable();
    t.index(['tenant_id', 'occurred_at']);
    t.index(['event', 'occurred_at']);
  });

  await knex.schema.createTable('throttle_counters', (t) => {
    t.string('key', 320).primary();
    t.integer('failures').notNullable().defaultTo(0);
    ts(t, 'window_started_at').notNullable();
  });

  await knex.schema.createTable('invitations', (t) => {
    id(t);
    tenantRef(t);
    t.string('inviter_user_id', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('invitee_email', 254).notNullable();
    t.string('role', 16).notNullable().defaultTo('user');
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('token_hash', 64).notNullable().unique();
    ts(t, 'expires_at').notNullable();
    ts(t, 'accepted_at').nullable();
    stamps(t);
    t.index(['tenant_id', 'created_at']);
    t.check(inList('status', ['pending', 'accepted', 'revoked', 'expired']));
    t.check(inList('role', ['user', 'admin']));
  });

  await knex.schema.createTable('voices', (t) => {
    id(t);
    t.string('name', 255).notNullable();
    t.string('elevenlabs_id', 255).notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('agent_templates', (t) => {
    id(t);
    t.string('name', 255).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('prompt_structure').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('uploads', (t) => {
    id(t);
    tenantRef(t);
    t.string('kind', 16).notNullable();
    t.string('original_name', 255).notNullable();
    t.string('mime_type', 64).notNullable();
    t.integer('size_bytes').notNullable();
    t.string('storage_key', 255).notNullable().unique();
    t.string('uploaded_by_user_id', 36).nullable();
    ts(t, 'created_at').notNullable();
    t.index(['tenant_id', 'created_at']);
    t.check(inList('kind', ['knowledge', 'image']));
  });

  await knex.schema.createTable('agents', (t) => {
    id(t);
    tenantRef(t);
    t.string('name', 255).notNullable();
    t.text('purpose').notNullable();
    t.text('greeting').notNullable();
    t.text('closing').notNullable();
    t.string('knowledge_url', 2048).nullable();
    t.string('knowledge_file_id', 36).nullable().references('id').inTable('uploads').onDelete('SET NULL');
    t.string('voice_id', 36).nullable().references('id').inTable('voices').onDelete('SET NULL');
    t.text('prompt').nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.boolean('locked').notNullable().defaultTo(false);
    t.string('elevenlabs_agent_id', 255).nullable().unique();
    t.string('phone_number', 32).nullable();
    stamps(t);
    t.index(['tenant_id', 'created_at']);
  });

  await knex.schema.createTable('campaigns', (t) => {
    id(t);
    tenantRef(t);
    t.string('name', 255).notNullable();
    t.text('goal').notNullable();
    t.string('knowledge_url', 2048).nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.string('campaign_type', 16).notNullable().defaultTo('inbound');
    t.string('agent_id', 36).nullable().references('id').inTable('agents').onDelete('SET NULL');
    t.string('calling_hours_type', 16).notNullable().defaultTo('specific_hours');
    t.string('calling_start_time', 5).notNullable().defaultTo('09:00');
    t.string('calling_end_time', 5).notNullable().defaultTo('17:00');
    t.string('timezone', 64).notNullable().defaultTo('UTC');
    t.text('days_of_week').notNullable();
    t.integer('max_calls_per_day').notNullable().defaultTo(100);
    t.integer('call_interval_minutes').notNullable().defaultTo(5);
    stamps(t);
    t.index(['tenant_id', 'created_at']);
    t.check(inList('campaign_type', ['inbound', 'outbound']));
    t.check(inList('calling_hours_type', ['specific_hours', 'all_hours']));
    t.check('max_calls_per_day between 1 and 1000 and call_interval_minutes between 1 and 60');
  });

  await knex.schema.createTable('phone_numbers', (t) => {
    id(t);
    tenantRef(t);
    t.string('phone_number', 32).notNullable().unique();
    t.string('label', 255).nullable();
    t.string('provider', 16).notNullable().defaultTo('twilio');
    t.string('country', 2).nullable();
    t.string('twilio_sid', 64).nullable().unique();
    t.string('elevenlabs_phone_number_id', 255).nullable().unique();
    t.string('assigned_agent_id', 36).nullable().references('id').inTable('agents').onDelete('SET NULL');
    t.boolean('active').notNullable().defaultTo(true);
    stamps(t);
    t.index(['tenant_id', 'created_at']);
    t.index(['tenant_id', 'assigned_agent_id']);
  });

  await knex.schema.createTable('calls', (t) => {
    id(t);
    tenantRef(t);
    t.string('agent_id', 36).nullable().references('id').inTable('agents').onDelete('SET NULL');
    t.string('campaign_id', 36).nullable().references('id').inTable('campaigns').onDelete('SET NULL');
    t.string('conversation_id', 255).notNullable().unique();
    t.string('phone_number', 32).nullable();
    t.string('customer_phone_number', 32).nullable();
    t.string('direction', 16).notNullable().defaultTo('inbound');
    t.string('status', 32).notNullable();
    ts(t, 'started_at').notNullable();
    ts(t, 'ended_at').nullable();
    t.integer('duration_sec').notNullable().defaultTo(0);
    t.integer('cost_cents').notNullable().defaultTo(0);
    t.string('recording_url', 2048).nullable();
    t.boolean('voicemail_detected').notNullable().defaultTo(false);
    t.text('transcript').nullable();
    t.text('summary').nullable();
    t.string('sentiment', 16).nullable();
    t.string('call_successful', 16).nullable();
    t.text('conversation_data').nullable();
    ts(t, 'conversation_cached_at').nullable();
    t.text('sentiment_analysis').nullable();
    ts(t, 'sentiment_cached_at').nullable();
    ts(t, 'created_at').notNullable();
    t.index(['tenant_id', 'started_at']);
    t.index(['tenant_id', 'agent_id', 'started_at']);
    t.check(inList('direction', ['inbound', 'outbound']));
  });

  /** Per-agent daily rollup maintained as calls arrive, so stats never scan raw calls. */
  await knex.schema.createTable('agent_call_daily', (t) => {
    tenantRef(t);
    t.string('agent_id', 36).notNullable().references('id').inTable('agents').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.integer('call_count').notNullable().defaultTo(0);
    t.integer('duration_sec').notNullable().defaultTo(0);
    t.integer('cost_cents').notNullable().defaultTo(0);
    t.primary(['tenant_id', 'agent_id', 'day']);
  });

  await knex.schema.createTable('usage', (t) => {
    id(t);
    tenantRef(t);
    t.string('month_yyyy_mm', 7).notNullable();
    t.integer('minutes_included').notNullable();
    t.integer('seconds_used').notNullable().defaultTo(0);
    t.integer('minutes_used').notNullable().defaultTo(0);
    t.integer('minutes_billable').notNullable().defaultTo(0);
    t.integer('cost_per_minute_applied').notNullable().defaultTo(0);
    t.integer('billing_cost').notNullable().defaultTo(0);
    ts(t, 'reported_at').nullable();
    stamps(t);
    t.unique(['tenant_id', 'month_yyyy_mm']);
  });

  await knex.schema.createTable('phone_number_billing', (t) => {
    id(t);
    tenantRef(t);
    t.string('phone_number_id', 36).notNullable().references('id').inTable('phone_numbers').onDelete('CASCADE');
    t.string('month_yyyy_mm', 7).notNullable();
    t.integer('cost_monthly').notNullable();
    t.boolean('included_in_plan').notNullable();
    ts(t, 'created_at').notNullable();
    t.unique(['phone_number_id', 'month_yyyy_mm']);
    t.index(['tenant_id', 'month_yyyy_mm']);
  });

  await knex.schema.createTable('cache', (t) => {
    t.string('key', 255).primary();
    t.text('value').notNullable();
    ts(t, 'expires_at').notNullable();
  });

  await knex.schema.createTable('api_keys', (t) => {
    id(t);
    tenantRef(t);
    t.string('name', 100).notNullable();
    t.text('description').nullable();
    t.string('key_prefix', 32).notNullable().unique();
    t.string('api_key_hash', 64).notNullable().unique();
    t.text('permissions').notNullable();
    t.string('scope', 16).notNullable().defaultTo('read_only');
    t.boolean('active').notNullable().defaultTo(true);
    ts(t, 'expires_at').nullable();
    ts(t, 'last_used_at').nullable();
    t.string('last_used_ip', 64).nullable();
    t.string('created_by_user_id', 36).nullable();
    stamps(t);
    t.index(['tenant_id', 'created_at']);
    t.check(inList('scope', ['read_only', 'read_write', 'admin']));
  });

  await knex.schema.createTable('outbound_contacts', (t) => {
    id(t);
    tenantRef(t);
    t.string('campaign_id', 36).notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.string('phone_number', 32).notNullable();
    t.integer('max_retries').notNullable().defaultTo(3);
    t.integer('retry_delay_minutes').notNullable().defaultTo(30);
    t.text('metadata').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    ts(t, 'scheduled_for').nullable();
    ts(t, 'next_attempt_at').nullable();
    t.integer('attempts_made').notNullable().defaultTo(0);
    ts(t, 'lease_until').nullable();
    t.text('conversation_config').nullable();
    t.string('conversation_id', 255).nullable();
    stamps(t);
    t.unique(['campaign_id', 'phone_number']);
    t.index(['tenant_id', 'campaign_id', 'id']);
    t.check(inList('status', ['pending', 'in_progress', 'completed', 'failed']));
    t.check('max_retries between 0 and 10 and retry_delay_minutes between 1 and 1440');
  });
  await knex.schema.raw(
    "create index outbound_contacts_due on outbound_contacts (campaign_id, next_attempt_at) where status = 'pending'",
  );

  await knex.schema.createTable('call_attempts', (t) => {
    id(t);
    tenantRef(t);
    t.string('contact_id', 36).notNullable().references('id').inTable('outbound_contacts').onDelete('CASCADE');
    t.string('call_id', 36).nullable().references('id').inTable('calls').onDelete('SET NULL');
    t.integer('attempt_number').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    ts(t, 'started_at').nullable();
    ts(t, 'ended_at').nullable();
    t.integer('duration_sec').nullable();
    t.string('outcome', 64).nullable();
    ts(t, 'created_at').notNullable();
    t.unique(['contact_id', 'attempt_number']);
    t.index(['tenant_id', 'contact_id']);
    t.check(
      inList('status', ['pending', 'dialing', 'answered', 'voicemail', 'busy', 'no_answer', 'failed', 'completed']),
    );
    t.check('attempt_number >= 1');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'call_attempts',
    'outbound_contacts',
    'api_keys',
    'cache',
    'phone_number_billing',
    'usage',
    'agent_call_daily',
    'calls',
    'phone_numbers',
    'campaigns',
    'agents',
    'uploads',
    'agent_templates',
    'voices',
    'invitations',
    'throttle_counters',
    'audit_log',
    'processed_webhook_events',
    'mail_outbox',
    'refresh_tokens',
    'refresh_token_families',
    'users',
    'tenants',
    'plans',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
