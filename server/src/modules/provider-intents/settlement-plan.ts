import type { IntentKind, IntentKinds, IntentObservation, ProviderIntent } from './provider-intent.types';

/**
 * How an open intent is settled, given what our tables and the providers say: finish it (our rows are written)
 * or undo it (the providers are put back), and the provider steps either needs. Pure, so every case is tested
 * without a provider or a database.
 */

export type ProviderStep =
  | { step: 'assign-number'; phoneNumberId: string; agentId: string | null }
  | { step: 'delete-agent'; agentId: string }
  | { step: 'delete-knowledge'; documentId: string }
  | { step: 'delete-imported-number'; phoneNumberId: string }
  | { step: 'release-number'; sid: string };

export type Settlement<K extends IntentKind> =
  /** Run the steps, then write our rows and close the intent as done, in one transaction. */
  | { action: 'finish'; steps: ProviderStep[]; refs: IntentKinds[K]['finish'] }
  /** Run the steps, then close the intent as undone. */
  | { action: 'undo'; steps: ProviderStep[] }
  /** Our rows already tell the outcome; nothing to do at the providers. */
  | { action: 'close'; state: 'done' | 'undone' };

/**
 * recover: after a crash, nobody waits for an answer; an intent whose provider side is complete is finished.
 * abandon: the request that began it failed and answers with an error; whatever can be undone is undone.
 */
export type SettleMode = 'recover' | 'abandon';

type Planner<K extends IntentKind> = (
  intent: ProviderIntent<K>,
  observed: IntentObservation<K>,
  mode: SettleMode,
) => Settlement<K>;

/**
 * A purchase is complete when the telephony account owns the number and the voice provider has imported it.
 * Undoing removes the import before releasing the number, as the voice provider asks. A number another row
 * holds is never touched.
 */
const planPurchase: Planner<'phone-number.purchase'> = (_intent, observed, mode) => {
  if (observed.recorded === 'this') return { action: 'close', state: 'done' };
  if (observed.recorded === 'other') return { action: 'close', state: 'undone' };
  const { owned, imported } = observed;
  if (mode === 'recover' && owned && imported) {
    return { action: 'finish', steps: [], refs: { twilioSid: owned.sid, voicePhoneNumberId: imported.phoneNumberId } };
  }
  const steps: ProviderStep[] = [];
  if (imported) steps.push({ step: 'delete-imported-number', phoneNumberId: imported.phoneNumberId });
  if (owned) steps.push({ step: 'release-number', sid: owned.sid });
  return { action: 'undo', steps };
};

/**
 * An agent creation is complete when exactly one provider agent carries our agent's tag, it answers the number
 * the agent was given (if any), and the knowledge documents it was made with are known. Undoing gives the
 * number back to the agent that answered it before, then deletes the provider agents and the documents.
 */
const planAgentCreate: Planner<'agent.create'> = (intent, observed, mode) => {
  if (observed.recorded) return { action: 'close', state: 'done' };
  const { providerAgentIds, numberAnsweredBy } = observed;
  const { knowledge } = intent.input;
  const providerPhoneId = intent.input.number?.providerPhoneId;
  const [providerAgentId] = providerAgentIds;
  const knowledgeRefs = intent.refs.knowledgeRefs;
  const complete =
    providerAgentIds.length === 1 &&
    (!providerPhoneId || numberAnsweredBy === providerAgentId) &&
    (!knowledge || knowledgeRefs !== undefined);
  if (mode === 'recover' && complete && providerAgentId) {
    return { action: 'finish', steps: [], refs: { providerAgentId, knowledgeRefs: knowledgeRefs ?? [] } };
  }
  const steps: ProviderStep[] = [];
  if (providerPhoneId && numberAnsweredBy && providerAgentIds.includes(numberAnsweredBy)) {
    const previousAgentId = intent.input.number?.previousAgentId ?? null;
    steps.push({ step: 'assign-number', phoneNumberId: providerPhoneId, agentId: previousAgentId });
  }
  for (const agentId of providerAgentIds) steps.push({ step: 'delete-agent', agentId });
  for (const ref of knowledgeRefs ?? []) steps.push({ step: 'delete-knowledge', documentId: ref.id });
  return { action: 'undo', steps };
};

/**
 * A deletion cannot be taken back once the provider agent is gone, so it is finished (rows removed) unless the
 * request failed before anything happened at the provider.
 */
const planAgentDelete: Planner<'agent.delete'> = (intent, observed, mode) => {
  const { recorded, providerAgentExists } = observed;
  if (!recorded && !providerAgentExists) return { action: 'close', state: 'done' };
  if (mode === 'abandon' && recorded && providerAgentExists) return { action: 'close', state: 'undone' };
  const steps: ProviderStep[] = providerAgentExists
    ? [{ step: 'delete-agent', agentId: intent.input.providerAgentId }]
    : [];
  return { action: 'finish', steps, refs: {} };
};

const PLANNERS: { [K in IntentKind]: Planner<K> } = {
  'phone-number.purchase': planPurchase,
  'agent.create': planAgentCreate,
  'agent.delete': planAgentDelete,
};

export function planSettlement<K extends IntentKind>(
  intent: ProviderIntent<K>,
  observed: IntentObservation<K>,
  mode: SettleMode,
): Settlement<K> {
  const planner: Planner<K> = PLANNERS[intent.kind];
  return planner(intent, observed, mode);
}
