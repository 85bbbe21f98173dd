import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import type { TextFieldProps } from '@mui/material/TextField';
import { countryName, PHONE_COUNTRIES } from '@shared/domain/contact-number';
import { FormSelectField } from './FormSelectField';
import type { FieldBindingProps } from './useFieldBinding';

type FormCountryFieldProps<T extends FieldValues> = FieldBindingProps<T> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'select' | 'children'>;

/** A choice of country by name, bound to react-hook-form; its value is the ISO 3166 code the API takes. */
export function FormCountryField<T extends FieldValues>(props: FormCountryFieldProps<T>) {
  const countries = useMemo(
    () =>
      PHONE_COUNTRIES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
        a.name.localeCompare(b.name, 'en-NZ'),
      ),
    [],
  );
  return (
    <FormSelectField {...props}>
      {countries.map((country) => (
        <MenuItem key={country.code} value={country.code}>
          {country.name}
        </MenuItem>
      ))}
    </FormSelectField>
  );
}
