/** An uploaded file as the upload call answers (spec 000 §7). */
export interface UploadResponse {
  fileId: string;
  fileUrl: string;
  url: string;
  fileName: string;
  mimeType: string;
  size: number;
}
