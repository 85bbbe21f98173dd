import { apiRoutes } from '@shared/api/routes';
import { loadSandboxConfig } from './config';
import { exitGracefullyOnSignal } from './lib/shutdown';
import { createLogger } from './logger';
import { startStandaloneSandbox } from './sandbox/standalone';

/**
 * `npm run sandbox`: the ElevenLabs, Twilio and Stripe emulators as a process of their own, for a production-like
 * topology with no vendor keys (servers and `npm run workers` processes started with SANDBOX_URL pointing here).
 */
async function main(): Promise<void> {
  const config = loadSandboxConfig();
  const logger = createLogger({ logLevel: config.logLevel, nodeEnv: 'development' });
  const sandbox = await startStandaloneSandbox({
    host: config.host,
    port: config.port,
    dataDir: config.dataDir,
    callDelayMs: config.callDelayMs,
    parleyUrl: config.parleyUrl,
    webhookPaths: { elevenlabs: apiRoutes.webhooks.elevenlabs(), stripe: apiRoutes.webhooks.stripe() },
    logger,
  });
  process.stdout.write(
    `\nParley sandbox is running at ${sandbox.url}\n` +
      `Start the server and workers with SANDBOX_URL=${sandbox.url}; webhooks go to ${config.parleyUrl}\n\n`,
  );
  exitGracefullyOnSignal(logger, () => sandbox.close());
}

main().catch((error: unknown) => {
  process.stderr.write(`Parley sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
