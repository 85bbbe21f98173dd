import { useFormContext, useWatch } from 'react-hook-form';
import { MACHINE_MESSAGE_MAX } from '@shared/domain/machine-handling';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';
import type { CampaignInputsValues } from './CampaignInputs';

/**
 * What the agent does when an answering machine or a call-screening assistant answers (issue 23): hang up (the
 * contact is tried once more later) or leave a message after the beep (the contact counts as reached).
 */
export function MachineHandlingInput() {
  const { control } = useFormContext<CampaignInputsValues>();
  const action = useWatch({ control, name: 'machineHandling.action' });
  return (
    <Stack spacing={2} data-testid="machine-handling">
      <Typography variant="subtitle2">Answering machines</Typography>
      <Typography variant="body2" color="text.secondary">
        When voicemail answers, the agent can hang up (the contact is called again once, hours later) or leave a message
        after the beep (the contact then counts as reached). Fax lines are never called again.
      </Typography>
      <FormSelectField control={control} name="machineHandling.action" label="When a machine answers" fullWidth>
        <MenuItem value="hang_up">Hang up</MenuItem>
        <MenuItem value="leave_message">Leave a message</MenuItem>
      </FormSelectField>
      {action === 'leave_message' && (
        <FormTextField
          control={control}
          name="machineHandling.message"
          label="Voicemail message"
          placeholder="Hi {{first_name}}, this is the clinic calling about your check-up. Please call us back."
          required
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          helperText={`Spoken after the beep. {{name}} is filled from the contact's details; one a contact lacks is left out. Up to ${MACHINE_MESSAGE_MAX} characters.`}
          slotProps={{ htmlInput: { maxLength: MACHINE_MESSAGE_MAX } }}
        />
      )}
      <FormSelectField
        control={control}
        name="machineHandling.screeningBot"
        label="Call-screening assistants"
        fullWidth
        helperText="A phone's assistant that asks who is calling before putting the call through."
      >
        <MenuItem value="human">Answer their questions</MenuItem>
        <MenuItem value="machine">Treat as a machine</MenuItem>
      </FormSelectField>
    </Stack>
  );
}
