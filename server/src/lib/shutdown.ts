import type { Logger } from 'pino';

/** Long enough for running jobs to finish (the runners wait 30 s) and the database to close. */
const FORCED_EXIT_MS = 45_000;

/**
 * On SIGTERM or SIGINT: runs the graceful stop once, then exits; a stop that hangs is cut short. Used by the server
 * and by the workers-only process.
 */
export function exitGracefullyOnSignal(logger: Logger, stop: () => Promise<void>): void {
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
