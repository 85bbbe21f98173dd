import type { ErrorCode } from '@shared/api/error-codes';
import { backoffMs } from '@shared/domain/backoff';
import { dialectOf } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { newId } from '../../lib/ids';
import { createIntentSettlement, IntentLeaseLost, type IntentsDeps } from './intent-settlement';
import type { IntentHandlers, IntentKind, IntentKinds, ProviderIntent } from './provider-intent.types';
import { claimExpiredIntents, insertIntent, updateHeldIntent, type NewIntent } from './provider-intents.store';

export type ProviderIntentsService = ReturnType<typeof createProviderIntentsService>;

/** How many expired intents one reconciler claims at a time. */
const CLAIM_BATCH = 20;
/** The longest pause before an intent whose settling keeps failing is tried again. */
const MAX_RETRY_PAUSE_MS = 60 * 60 * 1000;

export interface ReconcileReport {
  done: number;
  undone: number;
  failed: number;
}

/** The pause before an intent whose settling failed is tried again: the lease, doubled with each attempt. */
export function retryPause(leaseMs: number, attempts: number): number {
  return backoffMs(attempts + 1, { firstMs: leaseMs, maxMs: MAX_RETRY_PAUSE_MS });
}

/**
 * Provider side effects as intents: one is committed before the first provider call, records each provider id
 * as the call returns, and is closed in the same transaction as our rows (finish) or after the providers are
 * put back (undo). An intent left open by a crash is settled by the reconciler once its lease runs out, by
 * asking the providers what exists: a crash at any point leaves all or nothing, at the providers and with us.
 */
export function createProviderIntentsService(
  deps: IntentsDeps,
  /** The modules that own the intents' rows are built after this one (they call it): read at settle time. */
  handlersPort: () => IntentHandlers,
) {
  const { db, clock, logger } = deps;
  const leaseMs = deps.config.providerIntentLeaseSec * 1000;
  const { checkpoint, now, complete, settle } = createIntentSettlement(deps, handlersPort);
  const inFuture = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

  return {
    /**
     * Commits an intent before the first provider call. A second open intent on the same subject (the same number
     * being bought twice at once) is refused with `conflictCode`.
     */
    async begin<K extends IntentKind>(
      kind: K,
      subject: { tenantId: string; id: string; key: string },
      input: IntentKinds[K]['input'],
      conflictCode: ErrorCode,
    ): Promise<ProviderIntent<K>> {
      const createdAt = now();
      const row: NewIntent = {
        id: newId(),
        tenantId: subject.tenantId,
        kind,
        subjectId: subject.id,
        subjectKey: subject.key,
        input,
        leaseToken: newId(),
        leaseUntil: inFuture(leaseMs),
      };
      try {
        await insertIntent(db, row, createdAt);
      } catch (error) {
        if (dialectOf(db).isUniqueViolation(error)) throw new DomainError(conflictCode);
        throw error;
      }
      checkpoint(`${kind}:begun`);
      return { ...row, kind, state: 'open', input, refs: {}, attempts: 0, createdAt };
    },

    /** Records a provider id as its call returns (one at a time), and extends the lease. */
    async record<K extends IntentKind>(intent: ProviderIntent<K>, refs: IntentKinds[K]['refs']): Promise<void> {
      const step = Object.keys(refs).join('+');
      checkpoint(`${intent.kind}:${step}:returned`);
      const merged = { ...intent.refs, ...refs };
      const held = await updateHeldIntent(
        db,
        intent.id,
        intent.leaseToken,
        { refs: merged, leaseUntil: inFuture(leaseMs) },
        now(),
      );
      if (!held) throw new IntentLeaseLost();
      intent.refs = merged;
      checkpoint(`${intent.kind}:${step}:recorded`);
    },

    complete,

    /**
     * The request that began the intent failed: undo what can be undone (or finish what cannot, such as a
     * deletion), asking the providers what exists. If that fails too, the intent stays open for the reconciler.
     */
    async abandon(intent: ProviderIntent, cause: unknown): Promise<void> {
      if (cause instanceof IntentLeaseLost) return;
      try {
        // Only while the intent is still ours: a reconciler that took it over settles it alone.
        if (!(await updateHeldIntent(db, intent.id, intent.leaseToken, { leaseUntil: inFuture(leaseMs) }, now())))
          return;
        await settle(intent, 'abandon');
      } catch (error) {
        logger.error({ err: error, intentId: intent.id, kind: intent.kind }, 'provider intent left to the reconciler');
      }
    },

    /**
     * Settles every open intent whose lease ran out (its request crashed or gave up), a batch at a time; an
     * intent that cannot be settled now is tried again later, after a pause that doubles with each attempt.
     */
    async reconcileExpired(): Promise<ReconcileReport> {
      const report: ReconcileReport = { done: 0, undone: 0, failed: 0 };
      for (;;) {
        const claimed = await claimExpiredIntents(db, {
          now: now(),
          limit: CLAIM_BATCH,
          leaseToken: newId(),
          leaseUntil: inFuture(leaseMs),
        });
        for (const intent of claimed) {
          try {
            report[await settle(intent, 'recover')] += 1;
          } catch (error) {
            report.failed += 1;
            logger.error({ err: error, intentId: intent.id, kind: intent.kind }, 'provider intent not settled');
            await updateHeldIntent(
              db,
              intent.id,
              intent.leaseToken,
              {
                leaseUntil: inFuture(retryPause(leaseMs, intent.attempts)),
                lastError: error instanceof Error ? error.message : String(error),
              },
              now(),
            );
          }
        }
        if (claimed.length < CLAIM_BATCH) break;
      }
      if (report.done + report.undone + report.failed > 0) logger.info(report, 'provider intents reconciled');
      return report;
    },
  };
}
