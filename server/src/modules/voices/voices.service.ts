import type { Voice } from '@shared/api/voices.types';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { findVoice, listActiveVoices, type VoiceRecord } from './voices.store';

export type { VoiceRecord };

export type VoicesService = ReturnType<typeof createVoicesService>;

/** The voice catalogue agents choose from. */
export function createVoicesService(deps: Pick<AppDeps, 'db'>) {
  return {
    async list(): Promise<Voice[]> {
      return (await listActiveVoices(deps.db)).map(({ id, name, description }) => ({ id, name, description }));
    },

    /** A voice a new choice may name: it must still be in the catalogue. */
    async requireActive(id: string): Promise<VoiceRecord> {
      const voice = await findVoice(deps.db, id);
      if (!voice?.active) throw new DomainError('NOT_FOUND', 'The selected voice could not be found.');
      return voice;
    },

    find: (id: string) => findVoice(deps.db, id),
  };
}
