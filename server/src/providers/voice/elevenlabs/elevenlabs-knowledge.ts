import type { VoiceProvider } from '../voice.types';
import type { ConvAi } from './elevenlabs-client';
import { callElevenLabs } from './elevenlabs-errors';

const DOCUMENT_NOT_FOUND = 'Knowledge document not found at the voice provider';

/** Knowledge-base documents, made from a web page or an uploaded file. */
export function elevenLabsKnowledge(
  convai: ConvAi,
): Pick<VoiceProvider, 'createKnowledgeFromUrl' | 'createKnowledgeFromFile' | 'deleteKnowledgeDocument'> {
  return {
    async createKnowledgeFromUrl(url, name) {
      const created = await callElevenLabs(
        () => convai.knowledgeBase.documents.createFromUrl({ url, name }),
        DOCUMENT_NOT_FOUND,
      );
      return { type: 'url', id: created.id, name: created.name };
    },

    async createKnowledgeFromFile(file, name) {
      const created = await callElevenLabs(
        () =>
          convai.knowledgeBase.documents.createFromFile({
            file: { data: file.data, filename: file.filename, contentType: file.mimeType },
            name,
          }),
        DOCUMENT_NOT_FOUND,
      );
      return { type: 'file', id: created.id, name: created.name };
    },

    async deleteKnowledgeDocument(documentId) {
      await callElevenLabs(() => convai.knowledgeBase.documents.delete(documentId), DOCUMENT_NOT_FOUND);
    },
  };
}
