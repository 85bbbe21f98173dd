import type { Knex } from 'knex';
import * as initialSchema from './0001_initial-schema';
import * as agentKnowledgeAndCallCounts from './0002_agent-knowledge-and-call-counts';
import * as jobs from './0003_jobs';
import * as agentNumberLink from './0004_agent-number-link';
import * as refreshGraceAndRateLimits from './0005_refresh-grace-and-rate-limits';
import * as callVendorCost from './0006_call-vendor-cost';
import * as providerIntents from './0007_provider-intents';
import * as billing from './0008_billing';
import * as campaignsAndContacts from './0009_campaigns-and-contacts';
import * as dialer from './0010_dialer';
import * as teamAndApiKeys from './0011_team-and-api-keys';
import * as callsAndEvents from './0012_calls-and-events';
import * as contactSync from './0013_contact-sync';
import * as tenantCallRollups from './0014_tenant-call-rollups';
import * as campaignAnalytics from './0015_campaign-analytics';
import * as apiKeyLastFour from './0016_api-key-last-four';
import * as moneyCurrencies from './0017_money-currencies';
import * as principalVersionsAndTenantEventNumbers from './0018_principal-versions-and-tenant-event-numbers';
import * as campaignContactTotals from './0019_campaign-contact-totals';
import * as contactTimezones from './0020_contact-timezones';
import * as dialerCapacity from './0021_dialer-capacity';
import * as webhooks from './0023_webhooks';
import * as consentAndDataPolicy from './0024_consent-and-data-policy';
import * as machineHandling from './0025_machine-handling';
import * as transfersAndCallbacks from './0026_transfers-and-callbacks';
import * as optOutsAndDisclosure from './0027_opt-outs-and-disclosure';
import * as dataPolicy from './0028_data-policy';
import * as defaultCountries from './0029_default-countries';
import * as disclosureFlagIndex from './0030_disclosure-flag-index';
import * as webhookSendingLeases from './0031_webhook-sending-leases';
import * as claimableJobsIndex from './0032_claimable-jobs-index';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** The migration history, listed in code so it works from source, from a bundle and inside Electron. */
const MIGRATIONS: Array<[string, Migration]> = [
  ['0001_initial-schema', initialSchema],
  ['0002_agent-knowledge-and-call-counts', agentKnowledgeAndCallCounts],
  ['0003_jobs', jobs],
  ['0004_agent-number-link', agentNumberLink],
  ['0005_refresh-grace-and-rate-limits', refreshGraceAndRateLimits],
  ['0006_call-vendor-cost', callVendorCost],
  ['0007_provider-intents', providerIntents],
  ['0008_billing', billing],
  ['0009_campaigns-and-contacts', campaignsAndContacts],
  ['0010_dialer', dialer],
  ['0011_team-and-api-keys', teamAndApiKeys],
  ['0012_calls-and-events', callsAndEvents],
  ['0013_contact-sync', contactSync],
  ['0014_tenant-call-rollups', tenantCallRollups],
  ['0015_campaign-analytics', campaignAnalytics],
  ['0016_api-key-last-four', apiKeyLastFour],
  ['0017_money-currencies', moneyCurrencies],
  ['0018_principal-versions-and-tenant-event-numbers', principalVersionsAndTenantEventNumbers],
  ['0019_campaign-contact-totals', campaignContactTotals],
  ['0020_contact-timezones', contactTimezones],
  ['0021_dialer-capacity', dialerCapacity],
  ['0023_webhooks', webhooks],
  ['0024_consent-and-data-policy', consentAndDataPolicy],
  ['0025_machine-handling', machineHandling],
  ['0026_transfers-and-callbacks', transfersAndCallbacks],
  ['0027_opt-outs-and-disclosure', optOutsAndDisclosure],
  ['0028_data-policy', dataPolicy],
  ['0029_default-countries', defaultCountries],
  ['0030_disclosure-flag-index', disclosureFlagIndex],
  ['0031_webhook-sending-leases', webhookSendingLeases],
  ['0032_claimable-jobs-index', claimableJobsIndex],
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => MIGRATIONS.map(([, migration]) => migration),
  getMigrationName: (migration) => MIGRATIONS.find(([, m]) => m === migration)?.[0] ?? 'unknown',
  getMigration: async (migration) => migration,
};

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}
