import type { FieldValues } from 'react-hook-form';
import { CONTACT_LIMITS } from '@shared/schemas/contact.schema';
import { FormTextField } from './FormTextField';
import type { FieldBindingProps } from './useFieldBinding';

/** A required phone number to call (or never call), typed in international format. */
export function PhoneNumberFormField<T extends FieldValues>({
  control,
  name,
  autoFocus,
}: FieldBindingProps<T> & { autoFocus?: boolean }) {
  return (
    <FormTextField
      control={control}
      name={name}
      label="Phone Number"
      placeholder="+64 21 123 4567"
      helperText="International format, with the country code."
      required
      autoFocus={autoFocus}
      autoComplete="off"
      fullWidth
      slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.phoneNumber, inputMode: 'tel' } }}
    />
  );
}
