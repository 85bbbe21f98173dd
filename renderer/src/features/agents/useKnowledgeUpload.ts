import { useCallback } from 'react';
import { classifyError } from '@shared/domain/error-classifier';
import { uploadIdFromPath } from '@shared/schemas/upload.schema';
import { useToast } from '../../components/toasts/useToast';
import { useUploadFileMutation } from '../uploads';

/** What an agent request carries as its knowledge source for an uploaded file. */
export type KnowledgeReference = { fileId: string };

/** What happens to the agent when its file does not upload, in the spec's words (000 §8). */
const CONSEQUENCE = {
  create: 'Agent will be created without knowledge base.',
  update: 'Agent will be updated without changing knowledge base.',
} as const;

/**
 * Uploads a knowledge PDF before the agent is saved. A failed upload, or one that answers without a file
 * reference, is reported and gives null: the agent is saved all the same, without the file.
 */
export function useKnowledgeUpload() {
  const [upload] = useUploadFileMutation();
  const { toast } = useToast();

  const uploadKnowledge = useCallback(
    async (file: File, saving: keyof typeof CONSEQUENCE): Promise<KnowledgeReference | null> => {
      try {
        const answer = await upload({ file, purpose: 'knowledge' }).unwrap();
        // Without a file id, the download path the answer gives names the file too.
        const fileId = answer.fileId || uploadIdFromPath(answer.fileUrl || answer.url || '');
        if (fileId) return { fileId };
        toast({
          title: 'Warning',
          description: `The file was uploaded but no file reference came back. ${CONSEQUENCE[saving]}`,
        });
        return null;
      } catch (error) {
        const reason = classifyError(error).serverMessage;
        toast({
          title: reason ? `Upload failed: ${reason}` : 'Upload failed',
          description: `Failed to upload knowledge base file. ${CONSEQUENCE[saving]}`,
          variant: 'destructive',
        });
        return null;
      }
    },
    [upload, toast],
  );

  return uploadKnowledge;
}
