import type { PhoneNumber } from '@shared/api/phone-numbers.types';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { SelectInput } from './agentInputFields';

interface PhoneNumberSelectProps {
  phoneNumbers: PhoneNumber[];
  /** The number list could not be loaded: the choice is empty and says why (spec 000 §8). */
  failed: boolean;
  /** The agent being edited, so that its own number is not shown as taken. */
  agentId?: string;
  disabled: boolean;
}

/** The agent's phone number, each choice saying whether another agent has it. */
export function PhoneNumberSelect({ phoneNumbers, failed, agentId, disabled }: PhoneNumberSelectProps) {
  return (
    <SelectInput
      name="phoneNumberId"
      label="Phone Number"
      emptyLabel="No phone number"
      renderValue={(value) => {
        const chosen = phoneNumbers.find((number) => number.id === value);
        return chosen ? formatPhoneNumber(chosen.phoneNumber) : 'No phone number';
      }}
      error={failed}
      helperText={
        failed
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
                  ? `${formatPhoneNumber(number.phoneNumber)} · ${number.label}`
                  : formatPhoneNumber(number.phoneNumber)
              }
              secondary={takenByOther ? `Assigned to ${owner.agent_name}` : 'Available'}
            />
          </MenuItem>
        );
      })}
    </SelectInput>
  );
}
