import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { metadataSummary } from './contactMetadata';

/** A contact's metadata in a grid cell: the first pairs as chips, and how many more there are. */
export function MetadataCell({ metadata }: { metadata: Record<string, string> }) {
  const { shown, more } = metadataSummary(metadata);
  if (shown.length === 0) return <>—</>;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', minWidth: 0, overflow: 'hidden' }}>
      {shown.map((pair) => (
        <Chip key={pair} size="small" variant="outlined" label={pair} sx={{ maxWidth: 160 }} />
      ))}
      {more > 0 && <Chip size="small" label={`+${more} more`} />}
    </Box>
  );
}
