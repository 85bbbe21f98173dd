import type { AppDeps } from '../../app-deps';
import { isProviderNotFound } from '../../lib/provider-call';
import { agentMarkerTag, type IntentKind, type IntentKinds, type ProviderIntent } from './provider-intent.types';
import type { ProviderStep } from './settlement-plan';

type Providers = Pick<AppDeps, 'voice' | 'telephony'>;

export type ProviderObservers = {
  [K in IntentKind]: (intent: ProviderIntent<K>) => Promise<IntentKinds[K]['seen']>;
};

/** What exists at the providers for each kind of intent, asked by what the intent's input names. */
export function providerObservers({ voice, telephony }: Providers): ProviderObservers {
  return {
    'phone-number.purchase': async ({ input }) => {
      const [owned, imported] = await Promise.all([
        telephony.findOwnedNumber(input.phoneNumber),
        voice.findImportedNumber(input.phoneNumber),
      ]);
      return {
        owned: owned && { sid: owned.sid },
        imported: imported && { phoneNumberId: imported.phoneNumberId },
      };
    },
    'agent.create': async ({ subjectId, input }) => {
      const [providerAgentIds, number] = await Promise.all([
        voice.findAgentsByTag(agentMarkerTag(subjectId)),
        input.number?.providerPhoneId ? voice.findImportedNumber(input.number.phoneNumber) : null,
      ]);
      return { providerAgentIds, numberAnsweredBy: number?.agentId ?? null };
    },
    'agent.delete': async ({ subjectId, input }) => ({
      providerAgentExists: (await voice.findAgentsByTag(agentMarkerTag(subjectId))).includes(input.providerAgentId),
    }),
  };
}

const ignoringNotFound = (action: Promise<void>) =>
  action.catch((error: unknown) => {
    if (!isProviderNotFound(error)) throw error;
  });

/** Undoing or finishing tolerates what is already gone; a number whose previous agent is gone answers nobody. */
export function runProviderStep({ voice, telephony }: Providers, step: ProviderStep): Promise<void> {
  switch (step.step) {
    case 'release-number':
      return ignoringNotFound(telephony.releaseNumber(step.sid));
    case 'delete-imported-number':
      return ignoringNotFound(voice.deletePhoneNumber(step.phoneNumberId));
    case 'delete-agent':
      return ignoringNotFound(voice.deleteAgent(step.agentId));
    case 'delete-knowledge':
      return ignoringNotFound(voice.deleteKnowledgeDocument(step.documentId));
    case 'assign-number': {
      const { phoneNumberId, agentId } = step;
      return ignoringNotFound(
        voice.assignPhoneNumber(phoneNumberId, agentId).catch((error: unknown) => {
          if (agentId && isProviderNotFound(error)) return voice.assignPhoneNumber(phoneNumberId, null);
          throw error;
        }),
      );
    }
  }
}
