import type { Voice } from '@shared/api/voices.types';
import type { Db } from '../../db/database';

/** The voice catalogue is the platform's, not a tenant's: these queries need no tenant id. */
export interface VoiceRow {
  id: string;
  name: string;
  elevenlabs_id: string;
  description: string;
  active: boolean | number;
}

export function toVoice(row: VoiceRow): Voice {
  return { id: row.id, name: row.name, description: row.description };
}

export function listActiveVoices(db: Db): Promise<VoiceRow[]> {
  return db<VoiceRow>('voices')
    .where({ active: true })
    .orderBy([{ column: 'sort_order' }, { column: 'name' }]);
}

export function findActiveVoice(db: Db, id: string): Promise<VoiceRow | undefined> {
  return db<VoiceRow>('voices').where({ id, active: true }).first();
}

/** A voice an existing agent already uses, even if it has since left the catalogue. */
export function findVoice(db: Db, id: string): Promise<VoiceRow | undefined> {
  return db<VoiceRow>('voices').where({ id }).first();
}
