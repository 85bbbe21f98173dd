import path from 'node:path';
import type { Logger } from 'pino';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { dialectOf } from './db/dialect';
import { migrateToLatest } from './db/migrations';
import { announceDemoAccounts, DEMO_TENANT_IDS, seedDatabase } from './db/seeds/demo.seed';
import { createJobs, type JobRunnerTuning } from './jobs/create-jobs';
import { jobDefinitions, registerJobs, selectJobs, sendStartJobs } from './jobs/job-registry';
import { systemClock, type Clock } from './lib/clock';
import { channelOverNotifier } from './modules/auth/principal.cache';
import { createPrincipals } from './modules/auth/principals.service';
import { createOutboxMail } from './providers/mail/outbox.mail';
import { createSmtpMail } from './providers/mail/smtp.mail';
import { outboundRequest } from './lib/outbound-request';
import { createProviders } from './providers';
import { createAnalysisProvider } from './providers/analysis';
import { localFileStorage } from './providers/storage/file-storage';
import { startSandbox } from './sandbox';
import { createServices, type Services } from './services';

export interface Runtime {
  deps: AppDeps;
  /** Every module's service, built once here for the app and the job workers alike. */
  services: Services;
  /** Tells the sandbox where our server listens, so its simulated calls can post webhooks to it. */
  setPublicBaseUrl(url: string): void;
  close(): Promise<void>;
}

/**
 * Start-up up to the app: database, migrations, seed, providers (sandbox unless live), and the job runner, with this
 * process's workers unless config.runWorkers is off.
 */
export async function createRuntime(
  config: Config,
  logger: Logger,
  clock: Clock = systemClock,
  jobTuning: JobRunnerTuning = {},
  outbound: AppDeps['outbound'] = outboundRequest,
): Promise<Runtime> {
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedDatabase(db, {
    now: clock.now().toISOString(),
    passwordHashCost: config.passwordHashCost,
    demo: config.seedDemo,
  });
  await announceDemoAccounts(db, config, clock.now().toISOString(), logger);

  let webhookBase: string | null = null;
  const sandbox =
    config.providers === 'sandbox'
      ? await startSandbox({
          dataDir: path.join(config.dataDir, 'sandbox'),
          callDelayMs: config.sandboxCallDelayMs,
          webhookUrl: () => (webhookBase ? `${webhookBase}${apiRoutes.webhooks.elevenlabs()}` : null),
          stripeWebhookUrl: () => (webhookBase ? `${webhookBase}${apiRoutes.webhooks.stripe()}` : null),
          logger: logger.child({ component: 'sandbox' }),
        })
      : undefined;
  const providers = createProviders(config, sandbox);
  const mail = config.smtpUrl
    ? createSmtpMail(config.smtpUrl, config.mailFrom)
    : createOutboxMail(db, clock, config.nodeEnv === 'development' ? logger : undefined);
  logger.info(
    {
      voice: config.providers === 'live' ? 'elevenlabs' : 'sandbox',
      telephony: config.providers === 'live' ? 'twilio' : 'sandbox',
      mail: mail.name,
      database: config.databaseUrl ? 'postgres' : 'sqlite',
    },
    'providers',
  );
  const jobs = createJobs(config, db, logger, jobTuning);

  const notifier = dialectOf(db).createNotifier(db, (error) => logger.warn({ err: error }, 'notification failed'));
  const principals = createPrincipals({ config, db, clock, logger }, channelOverNotifier(notifier));
  const deps: AppDeps = {
    config,
    db,
    clock,
    logger,
    principals,
    mail,
    storage: localFileStorage(path.join(config.dataDir, 'uploads')),
    voice: providers.voice,
    telephony: providers.telephony,
    payments: providers.payments,
    jobs,
    notifier,
    analysis: createAnalysisProvider(config, logger),
    outbound,
    sandbox,
  };
  const services = createServices(deps);
  // The demo's tenants pay through the sandbox like any other (tests set their own billing up).
  if (sandbox && config.seedDemo && config.nodeEnv !== 'test') {
    await services.billing.provisionSandboxDemo(Object.values(DEMO_TENANT_IDS));
  }
  const definitions = config.runWorkers ? selectJobs(jobDefinitions(deps, services), config.workerJobs) : [];
  await registerJobs(jobs, definitions);
  await jobs.start();
  await sendStartJobs(jobs, definitions);
  logger.info({ engine: jobs.engine, workers: config.runWorkers }, 'jobs');
  return {
    deps,
    services,
    setPublicBaseUrl(url) {
      webhookBase = url;
    },
    /** Stops taking jobs and lets running ones finish, then closes the sandbox and the database. */
    async close() {
      await jobs.stop();
      principals.close();
      await notifier.close();
      await sandbox?.close();
      await db.destroy();
    },
  };
}
