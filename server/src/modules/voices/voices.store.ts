import type { Db } from '../../db/database';
import { toBool } from '../../db/database';

/** The voice catalogue is the platform's, not a tenant's: these queries need no tenant id. */
export interface VoiceRecord {
  id: string;
  name: string;
  /** The voice provider's id for it. */
  elevenlabsId: string;
  description: string;
  active: boolean;
}

interface VoiceRow {
  id: string;
  name: string;
  elevenlabs_id: string;
  description: string;
  active: boolean | number;
}

function toVoiceRecord(row: VoiceRow): VoiceRecord {
  return {
    id: row.id,
    name: row.name,
    elevenlabsId: row.elevenlabs_id,
    description: row.description,
    active: toBool(row.active),
  };
}

export async function listActiveVoices(db: Db): Promise<VoiceRecord[]> {
  const rows = await db<VoiceRow>('voices')
    .where({ active: true })
    .orderBy([{ column: 'sort_order' }, { column: 'name' }]);
  return rows.map(toVoiceRecord);
}

/** A voice by id, active or not: an existing agent may use one that has since left the catalogue. */
export async function findVoice(db: Db, id: string): Promise<VoiceRecord | undefined> {
  const row = await db<VoiceRow>('voices').where({ id }).first();
  return row ? toVoiceRecord(row) : undefined;
}
