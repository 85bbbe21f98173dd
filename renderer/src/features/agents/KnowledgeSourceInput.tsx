import { useId, type ChangeEvent } from 'react';
import { AGENT_LIMITS } from '@shared/schemas/agent.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { TextInput } from './agentInputFields';
import type { KnowledgeMode, KnowledgeSource } from './useKnowledgeSource';

interface KnowledgeSourceInputProps {
  knowledge: KnowledgeSource;
  /** Shown when the agent already has an uploaded knowledge file and no new one is picked. */
  currentFileNote?: string;
  onModeChange: (mode: KnowledgeMode | null) => void;
  onFileChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled: boolean;
}

/** The agent's knowledge source: a website URL, or a PDF to upload. */
export function KnowledgeSourceInput(props: KnowledgeSourceInputProps) {
  const { knowledge, currentFileNote, disabled } = props;
  const labelId = `${useId()}-label`;
  return (
    <Box>
      <Typography variant="subtitle2" id={labelId} sx={{ mb: 1 }}>
        Knowledge Source
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={knowledge.mode}
        onChange={(_event, mode: KnowledgeMode | null) => props.onModeChange(mode)}
        aria-labelledby={labelId}
        disabled={disabled}
        sx={{ mb: 1.5 }}
      >
        <ToggleButton value="url">
          <LinkIcon fontSize="small" sx={{ mr: 1 }} />
          Website URL
        </ToggleButton>
        <ToggleButton value="file">
          <UploadFileIcon fontSize="small" sx={{ mr: 1 }} />
          Upload PDF
        </ToggleButton>
      </ToggleButtonGroup>
      {knowledge.mode === 'url' ? (
        <TextInput
          name="knowledge.url"
          label="Knowledge URL"
          placeholder="https://www.example.co.nz/faq"
          helperText="Optional. A public page the agent can learn from."
          max={AGENT_LIMITS.knowledgeUrl}
          disabled={disabled}
        />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled}>
            {knowledge.file ? 'Choose another PDF' : 'Choose PDF'}
            <input
              hidden
              type="file"
              accept="application/pdf,.pdf"
              aria-label="Knowledge base file"
              onChange={props.onFileChange}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="knowledge-file-name">
            {knowledge.file
              ? `${knowledge.file.name} (${Math.max(1, Math.round(knowledge.file.size / 1024))} KB)`
              : (currentFileNote ?? 'PDF only, up to 5MB. Optional.')}
          </Typography>
        </Stack>
      )}
      {knowledge.fileError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {knowledge.fileError}
        </Alert>
      )}
    </Box>
  );
}
