import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';

/** The notifier channel on which a settled call says that its tenant has a line free again. */
export const LINE_FREED_CHANNEL = 'dialer_line_freed';

export type LineWake = ReturnType<typeof createLineWake>;

const tenantOf = (payload: unknown): string | null =>
  typeof payload === 'object' && payload !== null && typeof (payload as { tenantId?: unknown }).tenantId === 'string'
    ? (payload as { tenantId: string }).tenantId
    : null;

/**
 * Wakes a pass that found every line of its tenant busy when one is freed, in any process, instead of letting it
 * poll: a line sits idle only as long as a notification takes. Each freed line wakes one waiter of this process, the
 * longest waiting, so that a freed line does not send every waiting pass after it at once.
 */
export function createLineWake(deps: Pick<AppDeps, 'notifier' | 'logger'>) {
  const waiters = new Map<string, Array<() => void>>();
  let listening: Promise<unknown> | null = null;

  function wakeOne(payload: unknown): void {
    const tenantId = tenantOf(payload);
    if (tenantId) waiters.get(tenantId)?.[0]?.();
  }

  return {
    /** Says that one of the tenant's lines is free: now, or when `trx` commits. */
    freed(tenantId: string, trx?: Knex.Transaction): Promise<void> {
      return deps.notifier.publish(LINE_FREED_CHANNEL, { tenantId }, trx);
    },

    /** Resolves to true when one of the tenant's lines is freed, or to false after `maxMs`. */
    async wait(tenantId: string, maxMs: number): Promise<boolean> {
      listening ??= deps.notifier.subscribe(LINE_FREED_CHANNEL, wakeOne).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'line notifications unavailable; the dialer polls for free lines');
        listening = null;
      });
      await listening;
      return new Promise<boolean>((resolve) => {
        const queue = waiters.get(tenantId) ?? [];
        waiters.set(tenantId, queue);
        const done = (freed: boolean) => {
          clearTimeout(timer);
          queue.splice(queue.indexOf(wake), 1);
          if (queue.length === 0 && waiters.get(tenantId) === queue) waiters.delete(tenantId);
          resolve(freed);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), Math.max(0, maxMs));
        queue.push(wake);
      });
    },
  };
}
