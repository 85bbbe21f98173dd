import { createRuntime } from './bootstrap';
import { loadConfig } from './config';
import { exitGracefullyOnSignal } from './lib/shutdown';
import { createLogger } from './logger';

/**
 * `npm run workers`: the job workers without the HTTP server, as a production deployment runs them (any number of
 * these processes, on any machines, against one PostgreSQL; the servers then run with RUN_WORKERS=false), against
 * the live providers or a sandbox in its own process (SANDBOX_URL).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { runWorkers: true });
  if (config.providers === 'sandbox' && !config.sandboxUrl) {
    // An embedded sandbox keeps its state inside the process that runs it: these workers would call emulators the
    // server cannot see. A sandbox in its own process is one that every server and worker shares.
    throw new Error(
      'Workers run apart from the server only against a shared sandbox or the live providers: start `npm run sandbox` ' +
        'and set SANDBOX_URL (e.g. http://127.0.0.1:4010) here and on the server, or set PROVIDERS=live; ' +
        'otherwise `npm start` runs the workers in the server',
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
