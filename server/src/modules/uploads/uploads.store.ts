import type { Db } from '../../db/database';

/** Upload records; the bytes live in file storage under the server-made storage key. */
export interface UploadRow {
  id: string;
  tenant_id: string;
  kind: 'knowledge' | 'image';
  original_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
}

export async function insertUpload(
  db: Db,
  tenantId: string,
  row: Omit<UploadRow, 'tenant_id'> & { uploadedByUserId: string; now: string },
): Promise<void> {
  await db('uploads').insert({
    id: row.id,
    tenant_id: tenantId,
    kind: row.kind,
    original_name: row.original_name,
    mime_type: row.mime_type,
    size_bytes: row.size_bytes,
    storage_key: row.storage_key,
    uploaded_by_user_id: row.uploadedByUserId,
    created_at: row.now,
  });
}

export function findUpload(db: Db, tenantId: string, id: string): Promise<UploadRow | undefined> {
  return db<UploadRow>('uploads').where({ tenant_id: tenantId, id }).first();
}
