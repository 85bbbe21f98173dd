import { useId, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useThemeProps } from '@mui/material/styles';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useFieldBinding, type FieldBindingProps } from './useFieldBinding';

type FormTextFieldProps<T extends FieldValues> = FieldBindingProps<T> & {
  label: ReactNode;
  type?: string;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  placeholder?: string;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  /** Keeps the label above the input even when empty (date and time inputs show their own pattern). */
  shrinkLabel?: boolean;
  slotProps?: { htmlInput?: InputBaseComponentProps };
};

/**
 * An outlined MUI text input bound to react-hook-form, with the schema's message under it; a password field can be
 * revealed. Built from the parts MUI's TextField is made of: TextField also carries Select and the menu, popover and
 * modal behind it, which the sign-in screen would otherwise load for nothing (choices use FormSelectField).
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  type,
  helperText,
  error,
  required,
  disabled,
  fullWidth: fullWidthProp,
  shrinkLabel,
  slotProps,
  ...inputProps
}: FormTextFieldProps<T>) {
  // The theme's TextField defaults hold for these fields too.
  const { fullWidth } = useThemeProps({ props: { fullWidth: fullWidthProp }, name: 'MuiTextField' });
  const { helperText: message, error: failed, ...binding } = useFieldBinding({ control, name }, { error, helperText });
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  const helperTextId = message ? `${id}-helper-text` : undefined;
  const isPassword = type === 'password';
  return (
    <FormControl error={failed} required={required} disabled={disabled} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        {...binding}
        id={id}
        label={label}
        notched={shrinkLabel || undefined}
        type={isPassword && revealed ? 'text' : type}
        inputProps={slotProps?.htmlInput}
        aria-describedby={helperTextId}
        endAdornment={
          isPassword && (
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
          )
        }
      />
      {message && <FormHelperText id={helperTextId}>{message}</FormHelperText>}
    </FormControl>
  );
}
