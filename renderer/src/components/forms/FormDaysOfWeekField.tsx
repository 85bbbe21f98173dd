import { useId } from 'react';
import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { DAYS_OF_WEEK, type DayOfWeek } from '@shared/schemas/campaign.schema';

const DAY_LABELS: Record<DayOfWeek, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** Days of the week as checkboxes in the surrounding form; the value keeps the week's order whatever the clicks. */
export function FormDaysOfWeekField<T extends FieldValues>({
  name,
  label,
  disabled,
  size,
}: {
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const { control } = useFormContext<T>();
  const labelId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const chosen = new Set<DayOfWeek>((field.value as DayOfWeek[] | undefined) ?? []);
        const toggle = (day: DayOfWeek) => {
          const next = new Set(chosen);
          if (next.has(day)) next.delete(day);
          else next.add(day);
          field.onChange(DAYS_OF_WEEK.filter((candidate) => next.has(candidate)));
        };
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled}>
            <FormLabel component="legend" id={labelId}>
              {label}
            </FormLabel>
            <FormGroup row>
              {DAYS_OF_WEEK.map((day) => (
                <FormControlLabel
                  key={day}
                  label={DAY_LABELS[day]}
                  control={<Checkbox size={size} checked={chosen.has(day)} onChange={() => toggle(day)} name={day} />}
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
