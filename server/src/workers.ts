import { createRuntime } from './bootstrap';
import { loadConfig } from './config';
import { exitGracefullyOnSignal } from './lib/shutdown';
import { createLogger } from './logger';

/**
 * `npm run workers`: the job workers without the HTTP server, as a production deployment runs them (any number of
 * these processes, on any machines, against one PostgreSQL; the servers then run with RUN_WORKERS=false).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { runWorkers: true });
  if (config.providers === 'sandbox') {
    // The sandbox's emulators keep their state inside the process that runs them, so a second process would work
    // against emulators the server cannot see.
    throw new Error(
      'Workers run alone only with PROVIDERS=live; with the sandbox, `npm start` runs them in the server',
    );
  }
  const logger = createLogger(config);
  const runtime = await createRuntime(config, logger);
  logger.info({ engine: runtime.deps.jobs.engine }, 'workers running');
  exitGracefullyOnSignal(logger, () => runtime.close());
}

main().catch((error: unknown) => {
  process.stderr.write(`Parley workers failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
