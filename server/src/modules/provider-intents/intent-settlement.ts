import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { crashCheckpoint } from '../../lib/crash-checkpoint';
import type { IntentHandler, IntentHandlers, IntentKind, IntentKinds, ProviderIntent } from './provider-intent.types';
import { closeHeldIntent } from './provider-intents.store';
import { providerObservers, runProviderStep } from './provider-side';
import { planSettlement, type ProviderStep, type SettleMode } from './settlement-plan';

export type IntentsDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'telephony' | 'config'>;
export type IntentSettlement = ReturnType<typeof createIntentSettlement>;

/** Another worker took the intent over (its lease ran out); whoever holds it now settles it. */
export class IntentLeaseLost extends DomainError {
  constructor() {
    super('PROVIDER_INTENT_PENDING');
  }
}

/**
 * How an intent ends: our rows written and the intent closed as done in one transaction, or the providers put
 * back and the intent closed as undone; settling asks the providers and our rows what exists and plans from that.
 */
export function createIntentSettlement(deps: IntentsDeps, handlersPort: () => IntentHandlers) {
  const { db, logger } = deps;
  const checkpoint = crashCheckpoint(deps.config.testCrashAt);
  const now = () => isoNow(deps.clock);
  const seen = providerObservers(deps);

  async function runSteps(intent: ProviderIntent, steps: ProviderStep[]): Promise<void> {
    for (const step of steps) {
      await runProviderStep(deps, step);
      checkpoint(`settle:${intent.kind}:${step.step}`);
    }
  }

  async function close(intent: ProviderIntent, state: 'done' | 'undone'): Promise<void> {
    if (!(await closeHeldIntent(db, intent.id, intent.leaseToken, state, now()))) throw new IntentLeaseLost();
  }

  /** Writes our rows and closes the intent as done in one transaction, while the lease still holds it. */
  async function complete<T>(intent: ProviderIntent, write: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (trx) => {
      const written = await write(trx);
      if (!(await closeHeldIntent(trx, intent.id, intent.leaseToken, 'done', now()))) throw new IntentLeaseLost();
      return written;
    });
    checkpoint(`${intent.kind}:finished`);
    return result;
  }

  async function settle<K extends IntentKind>(intent: ProviderIntent<K>, mode: SettleMode): Promise<'done' | 'undone'> {
    const handler: IntentHandler<K> = handlersPort()[intent.kind];
    const providerSide: IntentKinds[K]['seen'] = await seen[intent.kind](intent);
    const observed = { recorded: await handler.recorded(intent), ...providerSide };
    const plan = planSettlement(intent, observed, mode);
    if (plan.action === 'close') {
      await close(intent, plan.state);
      return plan.state;
    }
    await runSteps(intent, plan.steps);
    if (plan.action === 'undo') {
      await close(intent, 'undone');
      return 'undone';
    }
    try {
      await complete(intent, await handler.finish(intent, plan.refs));
      return 'done';
    } catch (error) {
      // A rule refuses our rows now (the plan's limit was reached meanwhile, the campaign has another agent).
      if (!(error instanceof DomainError) || error instanceof IntentLeaseLost) throw error;
      const undo = planSettlement(intent, observed, 'abandon');
      if (undo.action !== 'undo') throw error;
      logger.warn({ intentId: intent.id, kind: intent.kind, reason: error.message }, 'provider intent undone');
      await runSteps(intent, undo.steps);
      await close(intent, 'undone');
      return 'undone';
    }
  }

  return { checkpoint, now, complete, settle };
}
