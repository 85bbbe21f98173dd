import Link from '@mui/material/Link';
import { uploadIdFromPath } from '@shared/schemas/upload.schema';

/** A campaign's knowledge source: its web page as a link, 'Uploaded PDF' for one of our uploads, or 'None'. */
export function KnowledgeSourceText({ knowledgeUrl }: { knowledgeUrl: string | null }) {
  if (!knowledgeUrl) return <>None</>;
  if (uploadIdFromPath(knowledgeUrl)) return <>Uploaded PDF</>;
  return (
    <Link href={knowledgeUrl} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
      {knowledgeUrl}
    </Link>
  );
}
