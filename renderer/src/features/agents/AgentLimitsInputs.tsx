import { Controller, useFormContext } from 'react-hook-form';
import { AGENT_CALL_LIMITS } from '@shared/schemas/agent.schema';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AgentInputsValues } from './agentInputFields';
import { FormWholeNumberField } from '../../components/forms/FormWholeNumberField';

type LimitValues = AgentInputsValues & {
  silenceTimeoutSeconds?: number;
  maxCallSeconds?: number;
  endCallOnHoldMusic?: boolean;
};

/** Limits that protect the bill (issue 23): silence timeout, maximum call length, ending on hold music. */
export function AgentLimitsInputs({ disabled = false }: { disabled?: boolean }) {
  const { control } = useFormContext<LimitValues>();
  const { silenceTimeoutSeconds: silence, maxCallSeconds: length } = AGENT_CALL_LIMITS;
  return (
    <Stack spacing={2} data-testid="agent-limits">
      <Typography variant="subtitle2">Call limits</Typography>
      <Typography variant="body2" color="text.secondary">
        Calls are billed by the minute: the agent hangs up when nobody speaks for a while, at the maximum length, and
        when it is put on hold music.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormWholeNumberField<LimitValues>
          name="silenceTimeoutSeconds"
          label="Silence timeout (seconds)"
          min={silence.min}
          max={silence.max}
          helperText={`${silence.min} to ${silence.max} seconds without speech`}
          disabled={disabled}
        />
        <FormWholeNumberField<LimitValues>
          name="maxCallSeconds"
          label="Maximum call length (seconds)"
          min={length.min}
          max={length.max}
          helperText={`${length.min} to ${length.max} seconds`}
          disabled={disabled}
        />
      </Stack>
      <Controller
        name="endCallOnHoldMusic"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value !== false}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
                disabled={disabled}
              />
            }
            label="End the call on hold music"
          />
        )}
      />
    </Stack>
  );
}
