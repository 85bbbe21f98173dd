import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** Where a form field is bound: the form's control and the field's name. */
export interface FieldBindingProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
}

/**
 * The props that bind a MUI input to a react-hook-form field: its value and events, and the schema's message under
 * it; `error` marks it failed for a reason of the caller's as well.
 */
export function useFieldBinding<T extends FieldValues>(
  { control, name }: FieldBindingProps<T>,
  { error, helperText }: { error?: boolean; helperText?: ReactNode },
) {
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: Boolean(fieldState.error) || Boolean(error),
    helperText: fieldState.error?.message ?? helperText,
  };
}
