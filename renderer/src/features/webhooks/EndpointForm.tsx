import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookSecretResponse } from '@shared/api/webhooks.types';
import { createWebhookEndpointSchema, type CreateWebhookEndpointRequest } from '@shared/schemas/webhook.schema';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { FormDialogBody } from '../../components/forms/FormDialog';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useCreateWebhookEndpointMutation, useUpdateWebhookEndpointMutation } from './webhooksApi';

function EventTypesField({ control }: { control: Control<CreateWebhookEndpointRequest> }) {
  return (
    <Controller
      control={control}
      name="eventTypes"
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)}>
          <FormLabel component="legend">Events</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                label={type}
                control={
                  <Checkbox
                    checked={(field.value ?? []).includes(type)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...(field.value ?? []), type]
                          : (field.value ?? []).filter((chosen) => chosen !== type),
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

interface EndpointFormProps {
  /** The endpoint to edit; none to add one. */
  endpoint?: WebhookEndpoint;
  onCreated: (created: WebhookSecretResponse) => void;
  onDone: () => void;
}

/** Add or edit an endpoint: its address, a description and the events it receives. */
export function EndpointForm({ endpoint, onCreated, onDone }: EndpointFormProps) {
  const [create] = useCreateWebhookEndpointMutation();
  const [update] = useUpdateWebhookEndpointMutation();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState, reportServerError } = useSchemaForm<CreateWebhookEndpointRequest>(
    createWebhookEndpointSchema,
    {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      eventTypes: endpoint?.eventTypes ?? ['call.completed'],
    },
  );

  const onSubmit = async (values: CreateWebhookEndpointRequest) => {
    setError(null);
    if (endpoint) {
      const outcome = await update({
        id: endpoint.id,
        changes: { ...values, description: values.description || null },
      });
      if ('error' in outcome) setError(reportServerError(outcome.error, 'Failed to save the endpoint'));
      else onDone();
      return;
    }
    const outcome = await create(values);
    if ('error' in outcome) setError(reportServerError(outcome.error, 'Failed to add the endpoint'));
    else onCreated(outcome.data);
  };

  return (
    <FormDialogBody
      title={endpoint ? 'Edit Endpoint' : 'Add Endpoint'}
      intro={
        endpoint
          ? undefined
          : 'Parley sends the events you choose to this address, signed per Standard Webhooks. The signing secret is shown once, right after the endpoint is added.'
      }
      onSubmit={handleSubmit(onSubmit)}
      submitting={formState.isSubmitting}
      submitLabel={endpoint ? 'Save' : 'Add Endpoint'}
      error={error}
      onCancel={onDone}
    >
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="url"
          label="Endpoint URL"
          placeholder="https://crm.example.com/parley"
          autoFocus
        />
        <FormTextField control={control} name="description" label="Description" />
        <EventTypesField control={control} />
      </Stack>
    </FormDialogBody>
  );
}
