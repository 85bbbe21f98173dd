import path from 'node:path';
import type { Logger } from 'pino';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { seedDatabase } from './db/seeds/demo.seed';
import { systemClock, type Clock } from './lib/clock';
import { createOutboxMail } from './providers/mail/outbox.mail';
import { createSmtpMail } from './providers/mail/smtp.mail';
import { createProviders } from './providers';
import { localFileStorage } from './providers/storage/file-storage';
import { startSandbox } from './sandbox';

export interface Runtime {
  deps: AppDeps;
  /** Tells the sandbox where our server listens, so its simulated calls can post webhooks to it. */
  setPublicBaseUrl(url: string): void;
  close(): Promise<void>;
}

/** Start-up up to the app: database, migrations, seed, providers (sandbox unless live). */
export async function createRuntime(config: Config, logger: Logger, clock: Clock = systemClock): Promise<Runtime> {
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedDatabase(db, {
    now: clock.now().toISOString(),
    passwordHashCost: config.passwordHashCost,
    demo: config.seedDemo,
  });

  let webhookBase: string | null = null;
  const sandbox =
    config.providers === 'sandbox'
      ? await startSandbox({
          dataDir: path.join(config.dataDir, 'sandbox'),
          callDelayMs: config.sandboxCallDelayMs,
          webhookUrl: () => (webhookBase ? `${webhookBase}${apiRoutes.webhooks.elevenlabs()}` : null),
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

  const deps: AppDeps = {
    config,
    db,
    clock,
    logger,
    mail,
    storage: localFileStorage(path.join(config.dataDir, 'uploads')),
    voice: providers.voice,
    telephony: providers.telephony,
    sandbox,
  };
  return {
    deps,
    setPublicBaseUrl(url) {
      webhookBase = url;
    },
    async close() {
      await sandbox?.close();
      await db.destroy();
    },
  };
}
