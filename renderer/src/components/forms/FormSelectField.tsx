import type { FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFieldBinding, type FieldBindingProps } from './useFieldBinding';

type FormSelectFieldProps<T extends FieldValues> = FieldBindingProps<T> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'select'>;

/** A MUI select (its options are the children) bound to react-hook-form, with the schema's message under it. */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  error,
  helperText,
  ...props
}: FormSelectFieldProps<T>) {
  return <TextField {...props} {...useFieldBinding({ control, name }, { error, helperText })} select />;
}
