import { useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/**
 * A MUI text field bound to react-hook-form, showing the schema's message under the field; `error` marks it failed for
 * a reason of the caller's as well.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  error,
  type,
  ...props
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <TextField
      {...props}
      type={isPassword && revealed ? 'text' : type}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error) || error}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={
        isPassword
          ? {
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={revealed ? 'Hide password' : 'Show password'}
                      onClick={() => setRevealed((value) => !value)}
                      edge="end"
                      size="small"
                      tabIndex={-1}
                    >
                      {revealed ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }
          : props.slotProps
      }
    />
  );
}
