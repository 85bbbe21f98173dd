import type { ReactNode } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import type { Agent } from '@shared/api/agents.types';
import type { DayOfWeek } from '@shared/schemas/campaign.schema';
import MenuItem from '@mui/material/MenuItem';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';

/** The fields the create and edit dialogs share; both forms' values fit this shape. */
export interface AgentInputsValues {
  name?: string;
  purpose?: string;
  greeting?: string;
  closing?: string;
  disclosure?: string | null;
  knowledge?: Agent['knowledge'];
  voiceId?: string | null;
  phoneNumberId?: string | null;
  templateId?: string | null;
  prompt?: string | null;
  transferTargets?: TransferTargetValues[] | null;
}

/** One transfer target row of the form, as the schema checks it. */
export interface TransferTargetValues {
  name: string;
  phoneNumber: string;
  timezone: string;
  businessHours: { days: DayOfWeek[]; start: string; end: string };
  condition: string;
  ringTimeoutSeconds: number;
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

export function TextInput({ max, multiline, maxRows = 4, ...props }: TextInputProps) {
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

export function SelectInput({ emptyLabel, renderValue, children, ...props }: SelectInputProps) {
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
