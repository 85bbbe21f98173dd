import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { DAYS_OF_WEEK, TIMEZONE_CHOICES } from '@shared/schemas/campaign.schema';
import { TRANSFER_LIMITS } from '@shared/domain/transfer-target';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';
import type { AgentInputsValues, TransferTargetValues } from './agentInputFields';
import { FormDaysOfWeekField } from '../../components/forms/FormDaysOfWeekField';

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A new row: weekdays 9 to 5 in the viewer's zone, the default ring time. */
export function newTransferTarget(): TransferTargetValues {
  return {
    name: '',
    phoneNumber: '',
    timezone: browserZone(),
    businessHours: { days: DAYS_OF_WEEK.slice(0, 5), start: '09:00', end: '17:00' },
    condition: '',
    ringTimeoutSeconds: TRANSFER_LIMITS.ringTimeout.default,
  };
}

function RingTimeout({ index, disabled }: { index: number; disabled: boolean }) {
  const { control } = useFormContext<AgentInputsValues>();
  const { min, max } = TRANSFER_LIMITS.ringTimeout;
  return (
    <Controller
      name={`transferTargets.${index}.ringTimeoutSeconds`}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          label="Ring for (seconds)"
          type="number"
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'number' ? field.value : ''}
          onBlur={field.onBlur}
          onChange={(event) => {
            const read = Number.parseInt(event.target.value, 10);
            field.onChange(Number.isFinite(read) ? read : 0);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? `${min} to ${max}`}
          disabled={disabled}
          fullWidth
          slotProps={{ htmlInput: { min, max } }}
        />
      )}
    />
  );
}

/**
 * Warm transfer (issue 23): up to five people or team numbers the agent may hand a caller to, each with its number,
 * its business hours in its own zone, when to transfer (in words) and how long to let it ring. Outside the hours, or
 * unanswered, the agent tells the caller and a callback is created.
 */
export function TransferTargetsInput({ disabled = false }: { disabled?: boolean }) {
  const { control, watch } = useFormContext<AgentInputsValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'transferTargets' });
  const zoneOf = (index: number) => watch(`transferTargets.${index}.timezone`);
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Transfer to a person
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The agent hands the caller over when the condition is met. Outside the hours, or when nobody answers in time, it
        tells the caller and a callback is added to the Callbacks list.
      </Typography>
      <Stack spacing={2}>
        {fields.map((row, index) => {
          const zone = zoneOf(index);
          const zones = TIMEZONE_CHOICES.some((choice) => choice.value === zone)
            ? TIMEZONE_CHOICES
            : [...TIMEZONE_CHOICES, { value: zone ?? 'UTC', label: zone ?? 'UTC' }];
          return (
            <Paper
              key={row.id}
              variant="outlined"
              component="fieldset"
              aria-label={`Transfer target ${index + 1}`}
              sx={{ p: 2, m: 0, minWidth: 0 }}
            >
              <Stack spacing={2}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <FormTextField
                    control={control}
                    name={`transferTargets.${index}.name`}
                    label="Name"
                    placeholder="e.g. Sales desk"
                    required
                    fullWidth
                    disabled={disabled}
                    slotProps={{ htmlInput: { maxLength: TRANSFER_LIMITS.name } }}
                  />
                  <FormTextField
                    control={control}
                    name={`transferTargets.${index}.phoneNumber`}
                    label="Phone number"
                    placeholder="+6491234567"
                    required
                    fullWidth
                    disabled={disabled}
                    slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 16 } }}
                  />
                  <IconButton
                    aria-label={`Remove transfer target ${index + 1}`}
                    onClick={() => remove(index)}
                    disabled={disabled}
                    sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
                <FormTextField
                  control={control}
                  name={`transferTargets.${index}.condition`}
                  label="Transfer when"
                  placeholder="The caller wants to book now"
                  required
                  fullWidth
                  multiline
                  minRows={1}
                  maxRows={3}
                  disabled={disabled}
                  slotProps={{ htmlInput: { maxLength: TRANSFER_LIMITS.condition } }}
                />
                <FormDaysOfWeekField<AgentInputsValues>
                  name={`transferTargets.${index}.businessHours.days`}
                  label="Business days"
                  disabled={disabled}
                  size="small"
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField
                    control={control}
                    name={`transferTargets.${index}.businessHours.start`}
                    label="Opens"
                    placeholder="09:00"
                    fullWidth
                    disabled={disabled}
                  />
                  <FormTextField
                    control={control}
                    name={`transferTargets.${index}.businessHours.end`}
                    label="Closes"
                    placeholder="17:00"
                    fullWidth
                    disabled={disabled}
                  />
                  <FormSelectField
                    control={control}
                    name={`transferTargets.${index}.timezone`}
                    label="Time zone"
                    fullWidth
                    disabled={disabled}
                  >
                    {zones.map((choice) => (
                      <MenuItem key={choice.value} value={choice.value}>
                        {choice.label}
                      </MenuItem>
                    ))}
                  </FormSelectField>
                  <RingTimeout index={index} disabled={disabled} />
                </Stack>
              </Stack>
            </Paper>
          );
        })}
        {fields.length < TRANSFER_LIMITS.maxTargets && (
          <Box>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => append(newTransferTarget())}
              disabled={disabled}
            >
              Add transfer target
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
