import { mixed, number, object, type InferType } from 'yup';
import { text } from './strict-text.schema';

/** Uploads (spec 000 §5 and §9): knowledge PDFs up to 5 MB, images up to 10 MB. */
export const UPLOAD_PURPOSES = ['knowledge', 'image'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const KNOWLEDGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 50_000_000;
export const FILENAME_MAX = 255;

export const KNOWLEDGE_MIME_TYPES = ['application/pdf'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const MAX_BYTES: Record<UploadPurpose, number> = { knowledge: KNOWLEDGE_MAX_BYTES, image: IMAGE_MAX_BYTES };

export const UPLOAD_MESSAGES = {
  knowledgeType: 'Only PDF files are allowed',
  knowledgeSize: 'File size must be less than 5MB',
  imageType: 'Only JPEG, PNG, GIF, and WebP images are allowed',
  imageSize: 'File size must be less than 10MB',
  filenameLong: 'Filename too long',
} as const;

const fileSize = (max: number, message: string) =>
  number().strict().typeError(message).required(message).integer(message).positive('File is empty').max(max, message);

/** The purpose field of the multipart upload; knowledge is the default. */
export const uploadPurposeSchema = mixed<UploadPurpose>()
  .oneOf([...UPLOAD_PURPOSES], 'Purpose must be knowledge or image')
  .default('knowledge');

/** What the browser checks before it sends an image; the server checks the bytes themselves again. */
export const imageUploadSchema = object({
  filename: text()
    .required('Filename is required')
    .min(1, 'Filename is required')
    .max(FILENAME_MAX, UPLOAD_MESSAGES.filenameLong),
  contentType: text()
    .required(UPLOAD_MESSAGES.imageType)
    .oneOf([...IMAGE_MIME_TYPES], UPLOAD_MESSAGES.imageType),
  size: fileSize(IMAGE_MAX_BYTES, UPLOAD_MESSAGES.imageSize),
});
export type ImageUploadForm = InferType<typeof imageUploadSchema>;

/** The campaign and agent knowledge file: .pdf only, up to 5 MB. */
export const knowledgeUploadSchema = object({
  filename: text()
    .required('Filename is required')
    .max(FILENAME_MAX, UPLOAD_MESSAGES.filenameLong)
    .matches(/\.pdf$/i, UPLOAD_MESSAGES.knowledgeType),
  contentType: text().optional(),
  size: fileSize(KNOWLEDGE_MAX_BYTES, UPLOAD_MESSAGES.knowledgeSize),
});
export type KnowledgeUploadForm = InferType<typeof knowledgeUploadSchema>;

const UPLOAD_PATH = /^\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The upload id in one of our own upload paths (a campaign's knowledgeUrl may be one), else null. */
export function uploadIdFromPath(value: string): string | null {
  return UPLOAD_PATH.exec(value.trim())?.[1]?.toLowerCase() ?? null;
}
