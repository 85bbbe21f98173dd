import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { ProviderIntentsService } from './provider-intents.service';

export interface IntentReconciler {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Settles provider intents left open by a crash: once at start-up and then every interval, never two passes of
 * this process at once (other processes' passes never take the same intent: claiming leases it). The job engine
 * will run the same pass on its schedule.
 */
export function startIntentReconciler(
  intents: ProviderIntentsService,
  config: Pick<Config, 'reconcileIntervalSec'>,
  logger: Logger,
): IntentReconciler {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= intents
      .reconcileExpired()
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, 'provider intent reconciliation failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, config.reconcileIntervalSec * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
