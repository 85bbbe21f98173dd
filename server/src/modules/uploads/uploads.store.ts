import type { Db } from '../../db/database';

/** Upload records; the bytes live in file storage under the server-made storage key. */
export interface UploadRecord {
  id: string;
  tenantId: string;
  kind: 'knowledge' | 'image';
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
}

interface UploadRow {
  id: string;
  tenant_id: string;
  kind: 'knowledge' | 'image';
  original_name: string;
  mime_type: string;
  size_bytes: number | string;
  storage_key: string;
}

export async function insertUpload(db: Db, upload: UploadRecord, uploadedByUserId: string, now: string): Promise<void> {
  await db('uploads').insert({
    id: upload.id,
    tenant_id: upload.tenantId,
    kind: upload.kind,
    original_name: upload.originalName,
    mime_type: upload.mimeType,
    size_bytes: upload.sizeBytes,
    storage_key: upload.storageKey,
    uploaded_by_user_id: uploadedByUserId,
    created_at: now,
  });
}

export async function findUpload(db: Db, tenantId: string, id: string): Promise<UploadRecord | undefined> {
  const row = await db<UploadRow>('uploads').where({ tenant_id: tenantId, id }).first();
  return row
    ? {
        id: row.id,
        tenantId: row.tenant_id,
        kind: row.kind,
        originalName: row.original_name,
        mimeType: row.mime_type,
        sizeBytes: Number(row.size_bytes),
        storageKey: row.storage_key,
      }
    : undefined;
}
