import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { createRuntime } from './bootstrap';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seeds/demo-accounts';
import { createLogger } from './logger';
import { startIntentReconciler } from './modules/provider-intents/intent-reconciler';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const runtime = await createRuntime(config, logger);
  const { app, services } = createApp(runtime.deps);
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  runtime.setPublicBaseUrl(`http://127.0.0.1:${port}`);
  const reconciler = startIntentReconciler(services.providerIntents, config, logger);

  const lines = [`Parley is running at ${address}`];
  if (config.seedDemo) {
    lines.push(`Demo sign-ins (password: ${DEMO_PASSWORD}):`);
    for (const account of Object.values(DEMO_ACCOUNTS)) lines.push(`  ${account.role.padEnd(10)} ${account.email}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      void reconciler
        .stop()
        .then(() => runtime.close())
        .then(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Parley failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
