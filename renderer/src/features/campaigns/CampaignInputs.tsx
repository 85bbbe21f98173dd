import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { Agent } from '@shared/api/agents.types';
import {
  CAMPAIGN_DEFAULTS,
  CAMPAIGN_LIMITS,
  TIMEZONE_CHOICES,
  type CallingHoursType,
  type CampaignPurpose,
  type CampaignType,
  type DayOfWeek,
} from '@shared/schemas/campaign.schema';
import {
  MACHINE_HANDLING_DEFAULT,
  type MachineAction,
  type ScreeningBotTreatment,
} from '@shared/domain/machine-handling';
import { knowledgeUploadSchema, uploadIdFromPath } from '@shared/schemas/upload.schema';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { FormCountryField } from '../../components/forms/FormCountryField';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';
import { useToast } from '../../components/toasts/useToast';
import { useUploadFileMutation } from '../uploads';
import { MachineHandlingInput } from './MachineHandlingInput';
import { FormWholeNumberField } from '../../components/forms/FormWholeNumberField';
import { FormDaysOfWeekField } from '../../components/forms/FormDaysOfWeekField';

/** The fields the create and edit dialogs share; both forms' values fit this shape. */
export interface CampaignInputsValues {
  name?: string;
  goal?: string;
  knowledgeUrl?: string | null;
  campaignType?: CampaignType;
  agentId?: string | null;
  purpose?: CampaignPurpose;
  callingHoursType?: CallingHoursType;
  callingStartTime?: string;
  callingEndTime?: string;
  timezone?: string;
  defaultCountry?: string;
  daysOfWeek?: DayOfWeek[];
  maxCallsPerDay?: number;
  callIntervalMinutes?: number;
  machineHandling?: { action?: MachineAction; message?: string | null; screeningBot?: ScreeningBotTreatment };
}

export interface CampaignInputsProps {
  /** The tenant may run outbound campaigns (spec 000 §2); otherwise 'Inbound Calls Only'. */
  outboundEnabled: boolean;
  agents: Agent[];
}

/** The browser's own zone, the default of the timezone choice (spec 000 §9). */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The knowledge source: a public URL, or a PDF uploaded at once (its answer's url becomes the source). */
function KnowledgeInput() {
  const { control, setValue, clearErrors } = useFormContext<CampaignInputsValues>();
  const current = useWatch({ control, name: 'knowledgeUrl' });
  const [mode, setMode] = useState<'url' | 'file'>(current && uploadIdFromPath(current) ? 'file' : 'url');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, { isLoading: uploading }] = useUploadFileMutation();
  const { toast } = useToast();
  const labelId = useId();
  const uploaded = Boolean(current && uploadIdFromPath(current));

  const changeMode = (next: 'url' | 'file' | null) => {
    if (!next || next === mode) return;
    // The other mode's value must not hold the form back or be saved unseen.
    setValue('knowledgeUrl', '', { shouldDirty: true });
    clearErrors('knowledgeUrl');
    setFileName(null);
    setFileError(null);
    setMode(next);
  };

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      knowledgeUploadSchema.validateSync({ filename: file.name, contentType: file.type, size: file.size });
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'This file cannot be uploaded');
      return;
    }
    setFileError(null);
    try {
      const answer = await upload({ file, purpose: 'knowledge' }).unwrap();
      setValue('knowledgeUrl', answer.url, { shouldDirty: true, shouldValidate: true });
      setFileName(file.name);
      toast({ title: 'File uploaded', description: `${file.name} will be the campaign's knowledge source.` });
    } catch {
      toast({ title: 'Error uploading file', description: 'Failed to upload file', variant: 'destructive' });
    }
  };

  return (
    <Box>
      <Typography variant="subtitle2" id={labelId} sx={{ mb: 1 }}>
        Knowledge Source
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={mode}
        onChange={(_event, next: 'url' | 'file' | null) => changeMode(next)}
        aria-labelledby={labelId}
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
      {mode === 'url' ? (
        <FormTextField
          control={control}
          name="knowledgeUrl"
          label="Knowledge URL"
          placeholder="https://www.example.co.nz/faq"
          helperText="Optional. A public page the agent can learn from."
          fullWidth
          slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.knowledgeUrl } }}
        />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} loading={uploading}>
            {uploaded ? 'Choose another PDF' : 'Choose PDF'}
            <input
              hidden
              type="file"
              accept="application/pdf,.pdf"
              aria-label="Knowledge base file"
              onChange={(event) => void onFileChange(event)}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="knowledge-file-name">
            {fileName ?? (uploaded ? 'A knowledge PDF is on file.' : 'PDF only, up to 5MB. Optional.')}
          </Typography>
        </Stack>
      )}
      {fileError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {fileError}
        </Alert>
      )}
    </Box>
  );
}

/**
 * Campaign type (outbound only when the tenant may call out), name, goal, the outbound calling settings and the
 * knowledge source (spec 000 §2 Create campaign dialog).
 */
export function CampaignInputs({ outboundEnabled, agents }: CampaignInputsProps) {
  const { control, setValue, clearErrors } = useFormContext<CampaignInputsValues>();
  const campaignType = useWatch({ control, name: 'campaignType' });
  const hoursType = useWatch({ control, name: 'callingHoursType' });
  const timezone = useWatch({ control, name: 'timezone' });
  const typeLabelId = useId();
  const zones = useMemo(() => {
    const extra = [browserTimezone(), timezone].filter(
      (zone): zone is string => Boolean(zone) && !TIMEZONE_CHOICES.some((choice) => choice.value === zone),
    );
    return [...TIMEZONE_CHOICES, ...[...new Set(extra)].map((zone) => ({ value: zone, label: zone }))];
  }, [timezone]);
  const outbound = outboundEnabled && campaignType === 'outbound';

  // Hidden fields must not hold the form back: leaving outbound (or specific hours) puts them back to the defaults.
  const resetHours = () => {
    setValue('callingStartTime', CAMPAIGN_DEFAULTS.callingStartTime);
    setValue('callingEndTime', CAMPAIGN_DEFAULTS.callingEndTime);
    clearErrors(['callingStartTime', 'callingEndTime']);
  };
  const changeType = (next: CampaignType | null) => {
    if (!next) return;
    setValue('campaignType', next, { shouldDirty: true });
    if (next === 'inbound') {
      resetHours();
      setValue('callingHoursType', CAMPAIGN_DEFAULTS.callingHoursType);
      setValue('daysOfWeek', [...CAMPAIGN_DEFAULTS.daysOfWeek]);
      setValue('maxCallsPerDay', CAMPAIGN_DEFAULTS.maxCallsPerDay);
      setValue('callIntervalMinutes', CAMPAIGN_DEFAULTS.callIntervalMinutes);
      setValue('machineHandling', { ...MACHINE_HANDLING_DEFAULT, message: '' });
      clearErrors(['agentId', 'daysOfWeek', 'maxCallsPerDay', 'callIntervalMinutes', 'machineHandling']);
    }
  };

  return (
    <Stack spacing={2.5}>
      {outboundEnabled ? (
        <Box>
          <Typography variant="subtitle2" id={typeLabelId} sx={{ mb: 1 }}>
            Campaign Type
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={campaignType ?? 'inbound'}
            onChange={(_event, next: CampaignType | null) => changeType(next)}
            aria-labelledby={typeLabelId}
          >
            <ToggleButton value="inbound">Inbound</ToggleButton>
            <ToggleButton value="outbound">Outbound</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      ) : (
        <Alert severity="info" data-testid="inbound-only">
          <AlertTitle>Inbound Calls Only</AlertTitle>
          Your plan includes inbound calls only. Contact support to enable outbound calling campaigns.
        </Alert>
      )}

      <FormTextField
        control={control}
        name="name"
        label="Campaign Name"
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.name } }}
      />
      <FormTextField
        control={control}
        name="goal"
        label="Campaign Goal"
        placeholder="e.g. Book check-up appointments with last year's patients"
        required
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.goal } }}
      />

      {outbound && (
        <>
          <Divider />
          <FormSelectField
            control={control}
            name="agentId"
            label="Agent"
            required
            fullWidth
            helperText={agents.length === 0 ? 'Create an agent on the dashboard first.' : undefined}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">
              <em>Choose an agent</em>
            </MenuItem>
            {agents.map((agent) => (
              <MenuItem key={agent.id} value={agent.id}>
                {agent.name}
              </MenuItem>
            ))}
          </FormSelectField>
          <FormSelectField
            control={control}
            name="purpose"
            label="Purpose"
            fullWidth
            helperText="A marketing campaign calls only contacts who gave marketing consent."
          >
            <MenuItem value="informational">Informational</MenuItem>
            <MenuItem value="marketing">Marketing</MenuItem>
          </FormSelectField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              name="callingHoursType"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label="Calling Hours"
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? CAMPAIGN_DEFAULTS.callingHoursType}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    if (event.target.value === 'all_hours') resetHours();
                  }}
                >
                  <MenuItem value="specific_hours">Specific hours</MenuItem>
                  <MenuItem value="all_hours">24/7</MenuItem>
                </TextField>
              )}
            />
            <FormSelectField control={control} name="timezone" label="Timezone" required fullWidth>
              {zones.map((zone) => (
                <MenuItem key={zone.value} value={zone.value}>
                  {zone.label}
                </MenuItem>
              ))}
            </FormSelectField>
          </Stack>
          <FormCountryField
            control={control}
            name="defaultCountry"
            label="Default Country"
            helperText="Contacts' numbers written without +<country code> are read as this country's."
            fullWidth
          />
          {hoursType !== 'all_hours' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="callingStartTime"
                label="Start Time"
                placeholder="09:00"
                fullWidth
              />
              <FormTextField control={control} name="callingEndTime" label="End Time" placeholder="17:00" fullWidth />
            </Stack>
          )}
          <FormDaysOfWeekField<CampaignInputsValues> name="daysOfWeek" label="Days of Week" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormWholeNumberField<CampaignInputsValues>
              name="maxCallsPerDay"
              label="Max Calls per Day"
              min={CAMPAIGN_LIMITS.maxCallsPerDay.min}
              max={CAMPAIGN_LIMITS.maxCallsPerDay.max}
              helperText="1 to 1000"
            />
            <FormWholeNumberField<CampaignInputsValues>
              name="callIntervalMinutes"
              label="Call Interval (minutes)"
              min={CAMPAIGN_LIMITS.callIntervalMinutes.min}
              max={CAMPAIGN_LIMITS.callIntervalMinutes.max}
              helperText="1 to 60 minutes between calls"
            />
          </Stack>
          <Divider />
          <MachineHandlingInput />
        </>
      )}

      <Divider />
      <KnowledgeInput />
    </Stack>
  );
}
