import path from 'node:path';
import type { Logger } from 'pino';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { dialectOf } from './db/dialect';
import { migrateToLatest } from './db/migrations';
import { DEMO_ACTOR, demoBillingHistories, resetDemoBusiness, seedDemoBusiness } from './db/seeds/demo-business';
import { announceDemoAccounts, seedDatabase } from './db/seeds/demo.seed';
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
import { startSandbox, type Sandbox } from './sandbox';
import { connectSandbox } from './sandbox/sandbox.client';
import { createServices, type Services } from './services';

/** The demo's test clocks at the payment sandbox are moved up to now this often (its meter takes usage up to 5
 * minutes ahead of a clock). */
const DEMO_CLOCK_EVERY_MS = 60_000;

export interface Runtime {
  deps: AppDeps;
  /** Every module's service, built once here for the app and the job workers alike. */
  services: Services;
  /** The sandbox inside this process, when it runs one (tests drive its clocks). */
  embeddedSandbox?: Sandbox;
  /** Tells the sandbox where our server listens, so its simulated calls can post webhooks to it. */
  setPublicBaseUrl(url: string): void;
  /**
   * Gives the demo's tenants their sandbox billing (customer, card, subscription) when they have none. Called by the
   * process that serves HTTP once it listens, never by worker processes, so that only one process provisions.
   */
  provisionDemoBilling(): Promise<void>;
  /** Brings the demo clinic back to its first-start state (demo mode only); false when demo data is off. */
  resetDemo(): Promise<boolean>;
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
  const embeddedSandbox =
    config.providers === 'sandbox' && !config.sandboxUrl
      ? await startSandbox({
          dataDir: path.join(config.dataDir, 'sandbox'),
          callDelayMs: config.sandboxCallDelayMs,
          webhookUrl: () => (webhookBase ? `${webhookBase}${apiRoutes.webhooks.elevenlabs()}` : null),
          stripeWebhookUrl: () => (webhookBase ? `${webhookBase}${apiRoutes.webhooks.stripe()}` : null),
          logger: logger.child({ component: 'sandbox' }),
        })
      : undefined;
  const sandbox = config.sandboxUrl ? await connectSandbox(config.sandboxUrl) : embeddedSandbox;
  const providers = createProviders(config, sandbox);
  const mail = config.smtpUrl
    ? createSmtpMail(config.smtpUrl, config.mailFrom)
    : createOutboxMail(db, clock, config.nodeEnv === 'development' ? logger : undefined);
  logger.info(
    {
      voice: config.providers === 'live' ? 'elevenlabs' : 'sandbox',
      telephony: config.providers === 'live' ? 'twilio' : 'sandbox',
      ...(config.sandboxUrl ? { sandbox: config.sandboxUrl } : {}),
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
  let demoCalls: NodeJS.Timeout | undefined;
  let demoClocks: NodeJS.Timeout | undefined;
  async function placeDemoInboundCall() {
    const [agent] = await services.agents.list(DEMO_ACTOR.tenantId);
    if (agent?.phoneNumber && sandbox) await sandbox.simulateInboundCall({ phoneNumber: agent.phoneNumber });
  }
  const definitions = config.runWorkers ? selectJobs(jobDefinitions(deps, services), config.workerJobs) : [];
  await registerJobs(jobs, definitions);
  await jobs.start();
  await sendStartJobs(jobs, definitions);
  logger.info({ engine: jobs.engine, workers: config.runWorkers }, 'jobs');
  return {
    deps,
    services,
    embeddedSandbox,
    setPublicBaseUrl(url) {
      webhookBase = url;
    },
    async provisionDemoBilling() {
      // The demo's tenants pay through the sandbox like any other (tests set their own billing up).
      if (sandbox && config.seedDemo && config.nodeEnv !== 'test') {
        await services.billing.provisionSandboxDemo(demoBillingHistories(clock.now()), clock.now());
        demoClocks = setInterval(() => {
          void services.billing
            .keepDemoClocksCurrent(clock.now())
            .catch((error: unknown) => logger.warn({ err: error }, 'demo test clocks not moved'));
        }, DEMO_CLOCK_EVERY_MS);
        demoClocks.unref();
        const started = Date.now();
        const history = await seedDemoBusiness(deps, services, DEMO_ACTOR, clock.now());
        if (history) logger.info({ ...history, ms: Date.now() - started }, 'demo business seeded');
        if (config.demoInboundCallMinutes > 0) {
          // The dashboard moves by itself during a pitch: a patient rings the clinic's front desk now and then.
          demoCalls = setInterval(() => {
            void placeDemoInboundCall().catch((error: unknown) => logger.warn({ err: error }, 'demo call not placed'));
          }, config.demoInboundCallMinutes * 60_000);
          demoCalls.unref();
        }
      }
    },
    async resetDemo() {
      if (!config.seedDemo) return false;
      const history = await resetDemoBusiness(deps, services, DEMO_ACTOR, clock.now());
      logger.info({ ...history }, 'demo business reset');
      return true;
    },
    /** Stops taking jobs and lets running ones finish, then closes the sandbox and the database. */
    async close() {
      if (demoCalls) clearInterval(demoCalls);
      if (demoClocks) clearInterval(demoClocks);
      await jobs.stop();
      principals.close();
      await notifier.close();
      await embeddedSandbox?.close();
      await db.destroy();
    },
  };
}
