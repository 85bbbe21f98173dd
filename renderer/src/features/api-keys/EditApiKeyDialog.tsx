import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { ApiKey } from '@shared/api/api-keys.types';
import { updateApiKeySchema, type UpdateApiKeyRequest } from '@shared/schemas/api-key.schema';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { FormDialogBody } from '../../components/forms/FormDialog';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useUpdateApiKeyMutation } from './apiKeysApi';

/** Edit an API key (spec 001 §2): name, description and whether it is active; an inactive key stops at once. */
export function EditApiKeyForm({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  const [update] = useUpdateApiKeyMutation();
  const [error, setError] = useState<string | null>(null);
  const { toast } = useToast();
  const { control, handleSubmit, formState, reportServerError } = useSchemaForm<UpdateApiKeyRequest>(
    updateApiKeySchema,
    { name: apiKey.name, description: apiKey.description ?? '', active: apiKey.active },
  );

  const onSubmit = async (change: UpdateApiKeyRequest) => {
    setError(null);
    const outcome = await update({ id: apiKey.id, change });
    if ('error' in outcome) {
      setError(reportServerError(outcome.error, 'Failed to update API key'));
      return;
    }
    toast({ title: 'API key updated', description: `${outcome.data.key.name} has been saved.` });
    onDone();
  };

  return (
    <FormDialogBody
      title="Edit API Key"
      onSubmit={handleSubmit(onSubmit)}
      submitting={formState.isSubmitting}
      submitLabel="Save"
      error={error}
      onCancel={onDone}
    >
      <Stack spacing={2.5}>
        <FormTextField control={control} name="name" label="Name" autoFocus />
        <FormTextField control={control} name="description" label="Description" />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              label="Active"
              control={
                <Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
              }
            />
          )}
        />
      </Stack>
    </FormDialogBody>
  );
}
