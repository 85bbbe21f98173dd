import { useCallback, useState } from 'react';
import { knowledgeUploadSchema } from '@shared/schemas/upload.schema';

export type KnowledgeMode = 'url' | 'file';

export interface KnowledgeSource {
  mode: KnowledgeMode;
  setMode: (mode: KnowledgeMode) => void;
  /** The PDF picked for upload, if any. */
  file: File | null;
  /** Picks a file after checking it against the upload rules; an invalid file is refused with fileError. */
  pickFile: (file: File | null) => void;
  fileError: string | null;
}

function fileProblem(file: File): string | null {
  try {
    knowledgeUploadSchema.validateSync({ filename: file.name, contentType: file.type, size: file.size });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'This file cannot be uploaded';
  }
}

/** The agent dialogs' knowledge source: a URL typed into the form, or a PDF to upload before saving. */
export function useKnowledgeSource(initialMode: KnowledgeMode = 'url'): KnowledgeSource {
  const [mode, setMode] = useState<KnowledgeMode>(initialMode);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const pickFile = useCallback((picked: File | null) => {
    const problem = picked ? fileProblem(picked) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
  }, []);

  return { mode, setMode, file, pickFile, fileError };
}
