import { apiRoutes } from '@shared/api/routes';
import type { UploadResponse } from '@shared/api/uploads.types';
import { sanitizeFileName } from '@shared/domain/file-name';
import {
  detectFileType,
  FILE_EXTENSIONS,
  imageDimensions,
  isImageType,
  SIGNATURE_BYTES,
  type DetectedFileType,
} from '@shared/domain/file-signature';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  MAX_BYTES,
  UPLOAD_MESSAGES,
  uploadPurposeSchema,
  type UploadPurpose,
} from '@shared/schemas/upload.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { findUpload, insertUpload, type UploadRecord } from './uploads.store';

export type UploadsService = ReturnType<typeof createUploadsService>;

function purposeOf(value: string | undefined): UploadPurpose {
  try {
    return uploadPurposeSchema.validateSync(value || undefined) as UploadPurpose;
  } catch {
    throw invalidField('purpose', 'Purpose must be knowledge or image');
  }
}

/** The upload rules (spec 000 §5, SECURITY F1–F3): type by magic bytes, size by purpose, server-made names. */
export function createUploadsService(deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>) {
  /** The largest file any purpose allows; the multipart reader never counts past it. */
  const hardMaxBytes = IMAGE_MAX_BYTES;
  const headBytes = 16;

  /** Decides from the first bytes whether the file may continue, and how large it may grow. */
  function limitFor(head: Buffer, fields: Record<string, string>): { maxBytes: number; tooLargeMessage: string } {
    const type = detectFileType(head);
    // The purpose may come after the file; then the type alone picks the limit and the purpose is checked at the end.
    const purpose =
      fields.purpose !== undefined ? purposeOf(fields.purpose) : type && isImageType(type) ? 'image' : 'knowledge';
    assertTypeFits(type, purpose);
    return {
      maxBytes: MAX_BYTES[purpose],
      tooLargeMessage: purpose === 'image' ? UPLOAD_MESSAGES.imageSize : UPLOAD_MESSAGES.knowledgeSize,
    };
  }

  function assertTypeFits(type: DetectedFileType | null, purpose: UploadPurpose): asserts type is DetectedFileType {
    if (purpose === 'knowledge' && type !== 'application/pdf') {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.knowledgeType);
    }
    if (purpose === 'image' && !(type && isImageType(type))) {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.imageType);
    }
  }

  async function store(
    tenantId: string,
    userId: string,
    file: { fileName: string; data: Buffer; purpose: string | undefined },
  ): Promise<UploadResponse> {
    const purpose = purposeOf(file.purpose);
    const type = detectFileType(file.data);
    assertTypeFits(type, purpose);
    if (file.data.length > MAX_BYTES[purpose]) {
      throw new DomainError(
        'PAYLOAD_TOO_LARGE',
        purpose === 'image' ? UPLOAD_MESSAGES.imageSize : UPLOAD_MESSAGES.knowledgeSize,
      );
    }
    if (isImageType(type)) {
      const size = imageDimensions(type, file.data.subarray(0, SIGNATURE_BYTES));
      if (!size || size.width < 1 || size.height < 1)
        throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read.');
      if (size.width * size.height > IMAGE_MAX_PIXELS) {
        throw new DomainError('PAYLOAD_TOO_LARGE', 'The image is too large: at most 50 megapixels are allowed.');
      }
    }
    const id = newId();
    const storageKey = `${id}${FILE_EXTENSIONS[type]}`;
    const fallback = `${purpose === 'image' ? 'image' : 'document'}${FILE_EXTENSIONS[type]}`;
    const originalName = sanitizeFileName(file.fileName, fallback);
    await deps.storage.write(tenantId, storageKey, file.data);
    try {
      await insertUpload(
        deps.db,
        {
          id,
          tenantId,
          kind: purpose,
          originalName,
          mimeType: type,
          sizeBytes: file.data.length,
          storageKey,
        },
        userId,
        isoNow(deps.clock),
      );
    } catch (error) {
      await deps.storage.remove(tenantId, storageKey).catch(() => undefined);
      throw error;
    }
    const url = apiRoutes.uploads.byId(id);
    return { fileId: id, fileUrl: url, url, fileName: originalName, mimeType: type, size: file.data.length };
  }

  /** An upload of the tenant with its bytes; another tenant's id is as missing as a random one. */
  async function read(tenantId: string, id: string): Promise<{ upload: UploadRecord; data: Buffer }> {
    const upload = await findUpload(deps.db, tenantId, id);
    if (!upload) throw new DomainError('NOT_FOUND');
    const data = await deps.storage.read(tenantId, upload.storageKey).catch(() => {
      throw new DomainError('NOT_FOUND');
    });
    return { upload, data };
  }

  return { hardMaxBytes, headBytes, limitFor, store, read };
}
