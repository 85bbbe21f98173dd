import { Controller, type Control } from 'react-hook-form';
import type { CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import { API_KEY_PERMISSIONS, API_KEY_SCOPES, type ApiKeyScope } from '@shared/api/permissions';
import { createApiKeySchema, type CreateApiKeyRequest } from '@shared/schemas/api-key.schema';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormDialogBody } from '../../components/forms/FormDialog';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useState } from 'react';
import { useCreateApiKeyMutation } from './apiKeysApi';

export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read_only: 'Read only',
  read_write: 'Read and write',
  admin: 'Admin (also keys and team)',
};

/** `2025-01-05T09:30` in the browser's zone, as a datetime-local input shows an ISO instant. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function PermissionsField({ control }: { control: Control<CreateApiKeyRequest> }) {
  return (
    <Controller
      control={control}
      name="permissions"
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)}>
          <FormLabel component="legend">Permissions</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
            {API_KEY_PERMISSIONS.map((permission) => (
              <FormControlLabel
                key={permission}
                label={permission}
                control={
                  <Checkbox
                    checked={(field.value ?? []).includes(permission)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...(field.value ?? []), permission]
                          : (field.value ?? []).filter((held) => held !== permission),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

function ExpiryField({ control }: { control: Control<CreateApiKeyRequest> }) {
  return (
    <Controller
      control={control}
      name="expiresAt"
      render={({ field, fieldState }) => (
        <TextField
          label="Expires (optional)"
          type="datetime-local"
          value={toLocalInput(field.value)}
          onChange={(event) => field.onChange(event.target.value ? new Date(event.target.value).toISOString() : null)}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? 'Leave empty for a key that does not expire.'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}

interface CreateApiKeyFormProps {
  onCreated: (created: CreatedApiKeyResponse) => void;
  onCancel: () => void;
}

/** Create an API key (spec 001 §2): name, description, scope, permissions and an optional expiry. */
export function CreateApiKeyForm({ onCreated, onCancel }: CreateApiKeyFormProps) {
  const [create] = useCreateApiKeyMutation();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState, reportServerError } = useSchemaForm<CreateApiKeyRequest>(
    createApiKeySchema,
    { name: '', description: '', scope: 'read_only', permissions: [], expiresAt: null },
  );

  const onSubmit = async (values: CreateApiKeyRequest) => {
    setError(null);
    const outcome = await create(values);
    if ('error' in outcome) setError(reportServerError(outcome.error, 'Failed to create API key'));
    else onCreated(outcome.data);
  };

  return (
    <FormDialogBody
      title="Create API Key"
      intro="The key is shown once, right after it is created. Give it only the permissions your integration needs."
      onSubmit={handleSubmit(onSubmit)}
      submitting={formState.isSubmitting}
      submitLabel="Create Key"
      error={error}
      onCancel={onCancel}
    >
      <Stack spacing={2.5}>
        <FormTextField control={control} name="name" label="Name" autoFocus />
        <FormTextField control={control} name="description" label="Description" />
        <FormSelectField control={control} name="scope" label="Scope">
          {API_KEY_SCOPES.map((scope) => (
            <MenuItem key={scope} value={scope}>
              {SCOPE_LABELS[scope]}
            </MenuItem>
          ))}
        </FormSelectField>
        <PermissionsField control={control} />
        <ExpiryField control={control} />
      </Stack>
    </FormDialogBody>
  );
}
