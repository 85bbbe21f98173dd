/** What other features may use of file uploads. */
export { useUploadFileMutation } from './uploadsApi';
