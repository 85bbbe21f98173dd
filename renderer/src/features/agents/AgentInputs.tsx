import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import type { Agent, AgentTemplate, Voice } from '@shared/api/agents.types';
import type { PhoneNumber } from '@shared/api/phone-numbers.types';
import { AGENT_LIMITS } from '@shared/schemas/agent.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';
import type { KnowledgeMode, KnowledgeSource } from './useKnowledgeSource';

/** The fields the create and edit dialogs share; both forms' values fit this shape. */
export interface AgentInputsValues {
  name?: string;
  purpose?: string;
  greeting?: string;
  closing?: string;
  knowledge?: Agent['knowledge'];
  voiceId?: string | null;
  phoneNumberId?: string | null;
  templateId?: string | null;
  prompt?: string | null;
}

export interface AgentInputsProps {
  knowledge: KnowledgeSource;
  voices: Voice[];
  templates: AgentTemplate[];
  phoneNumbers: PhoneNumber[];
  /** The number list could not be loaded: the choice is empty and says why (spec 000 §8). */
  phoneNumbersFailed?: boolean;
  /** The agent being edited, so that its own number is not shown as taken. */
  agentId?: string;
  /** Shown when the agent already has an uploaded knowledge file and no new one is picked. */
  currentFileNote?: string;
  disabled?: boolean;
}

interface TextInputProps {
  name: FieldPath<AgentInputsValues>;
  label: string;
  max: number;
  required?: boolean;
  multiline?: boolean;
  /** Taller text scrolls inside the field beyond this many rows. */
  maxRows?: number;
  placeholder?: string;
  helperText?: string;
  disabled?: boolean;
}

function TextInput({ max, multiline, maxRows = 4, ...props }: TextInputProps) {
  const { control } = useFormContext<AgentInputsValues>();
  return (
    <FormTextField
      {...props}
      control={control}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      maxRows={multiline ? maxRows : undefined}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );
}

interface SelectInputProps {
  name: FieldPath<AgentInputsValues>;
  label: string;
  /** The choice of no value, shown while nothing is chosen. */
  emptyLabel: string;
  /** What the closed field shows for a value; by default the chosen item. */
  renderValue?: (value: unknown) => ReactNode;
  helperText?: string;
  /** Failed for a reason of its own, such as a list that did not load. */
  error?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

function SelectInput({ emptyLabel, renderValue, children, ...props }: SelectInputProps) {
  const { control } = useFormContext<AgentInputsValues>();
  return (
    <FormSelectField
      {...props}
      control={control}
      fullWidth
      slotProps={{ select: { displayEmpty: true, renderValue }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
      {children}
    </FormSelectField>
  );
}

/** Name, purpose, scripts, instructions with the template picker, knowledge source, number and voice. */
export function AgentInputs({
  knowledge,
  voices,
  templates,
  phoneNumbers,
  phoneNumbersFailed = false,
  agentId,
  currentFileNote,
  disabled = false,
}: AgentInputsProps) {
  const { control, setValue, clearErrors } = useFormContext<AgentInputsValues>();
  const fileInputId = useId();

  const applyTemplate = (templateId: string) => {
    setValue('templateId', templateId || null, { shouldDirty: true });
    const template = templates.find((candidate) => candidate.id === templateId);
    if (template) setValue('prompt', template.promptStructure, { shouldDirty: true, shouldValidate: true });
  };

  // A hidden URL must not hold the form back: choosing a file drops it.
  const changeMode = (mode: KnowledgeMode | null) => {
    if (!mode) return;
    if (mode === 'file') {
      setValue('knowledge', { url: '' });
      clearErrors('knowledge.url');
    }
    knowledge.setMode(mode);
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    knowledge.pickFile(event.target.files?.[0] ?? null);
    event.target.value = '';
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          name="name"
          label="Agent Name / Persona"
          placeholder="e.g. Sarah from Harbour Dental"
          max={AGENT_LIMITS.name}
          required
          disabled={disabled}
        />
        <SelectInput name="voiceId" label="Voice" emptyLabel="Default voice" disabled={disabled}>
          {voices.map((voice) => (
            <MenuItem key={voice.id} value={voice.id}>
              {voice.name}
            </MenuItem>
          ))}
        </SelectInput>
      </Stack>
      <TextInput
        name="purpose"
        label="Purpose"
        placeholder="What the agent helps callers with"
        max={AGENT_LIMITS.purpose}
        required
        multiline
        disabled={disabled}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          name="greeting"
          label="Greeting Script"
          placeholder="Kia ora, thanks for calling…"
          max={AGENT_LIMITS.greeting}
          required
          multiline
          disabled={disabled}
        />
        <TextInput
          name="closing"
          label="Closing Script"
          placeholder="Thanks for calling, have a great day."
          max={AGENT_LIMITS.closing}
          required
          multiline
          disabled={disabled}
        />
      </Stack>

      <Divider />

      <Controller
        name="templateId"
        control={control}
        render={({ field }) => (
          <TextField
            value={field.value ?? ''}
            onChange={(event) => applyTemplate(event.target.value)}
            select
            label="Instruction Template"
            fullWidth
            disabled={disabled || templates.length === 0}
            helperText="Choosing a template fills the instructions with an example you can adapt."
            slotProps={{
              select: {
                displayEmpty: true,
                renderValue: (value) => templates.find((template) => template.id === value)?.name ?? 'No template',
              },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">
              <em>No template</em>
            </MenuItem>
            {templates.map((template) => (
              <MenuItem key={template.id} value={template.id}>
                <ListItemText primary={template.name} secondary={template.description} />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextInput
        name="prompt"
        label="Agent Instructions"
        placeholder="How the agent should handle calls, what to ask and what never to say."
        max={AGENT_LIMITS.prompt}
        multiline
        maxRows={12}
        disabled={disabled}
      />

      <Divider />

      <Box>
        <Typography variant="subtitle2" id={`${fileInputId}-label`} sx={{ mb: 1 }}>
          Knowledge Source
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={knowledge.mode}
          onChange={(_event, mode: KnowledgeMode | null) => changeMode(mode)}
          aria-labelledby={`${fileInputId}-label`}
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
                onChange={onFileChange}
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

      <Divider />

      <SelectInput
        name="phoneNumberId"
        label="Phone Number"
        emptyLabel="No phone number"
        renderValue={(value) => phoneNumbers.find((number) => number.id === value)?.phoneNumber ?? 'No phone number'}
        error={phoneNumbersFailed}
        helperText={
          phoneNumbersFailed
            ? 'Failed to fetch phone numbers'
            : phoneNumbers.length === 0
              ? 'You have no phone numbers yet. Buy one on the Phone Numbers page.'
              : undefined
        }
        disabled={disabled}
      >
        {phoneNumbers.map((number) => {
          const owner = number.assigned_agent;
          const takenByOther = owner && owner.database_agent_id !== agentId;
          return (
            <MenuItem key={number.id} value={number.id}>
              <ListItemText
                primary={
                  number.label && number.label !== number.phoneNumber
                    ? `${number.phoneNumber} · ${number.label}`
                    : number.phoneNumber
                }
                secondary={takenByOther ? `Assigned to ${owner.agent_name}` : 'Available'}
              />
            </MenuItem>
          );
        })}
      </SelectInput>
    </Stack>
  );
}
