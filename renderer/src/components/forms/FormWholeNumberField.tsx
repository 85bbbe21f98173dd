import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import TextField from '@mui/material/TextField';

interface FormWholeNumberFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  min: number;
  max: number;
  helperText: string;
  disabled?: boolean;
}

/**
 * A whole number typed into the surrounding form: what cannot be read as one becomes 0 (spec 000 §5), which the
 * schema then refuses with its own message under the field.
 */
export function FormWholeNumberField<T extends FieldValues>({
  name,
  label,
  min,
  max,
  helperText,
  disabled,
}: FormWholeNumberFieldProps<T>) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="number"
          name={field.name}
          inputRef={field.ref}
          fullWidth
          disabled={disabled}
          value={typeof field.value === 'number' ? field.value : 0}
          onBlur={field.onBlur}
          onChange={(event) => {
            const read = Number.parseInt(event.target.value, 10);
            field.onChange(Number.isFinite(read) ? read : 0);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
        />
      )}
    />
  );
}
