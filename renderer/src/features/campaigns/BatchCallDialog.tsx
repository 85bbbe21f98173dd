import { useState } from 'react';
import type { InferType } from 'yup';
import { batchCallSchema } from '@shared/schemas/batch-call.schema';
import { trimmedText } from '@shared/schemas/strict-text.schema';
import Stack from '@mui/material/Stack';
import { FormDialog, FormDialogBody } from '../../components/forms/FormDialog';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useStartBatchCallMutation } from './dialerApi';
import { LOCAL_DATE_TIME } from './requestFailure';

/** The dialog's form: the request's call name, and the start as a local time (none: now). */
const batchCallFormSchema = batchCallSchema.pick(['callName']).shape({
  startAt: trimmedText().matches(LOCAL_DATE_TIME, 'Scheduled time must be a date and time').optional(),
});
type BatchCallForm = InferType<typeof batchCallFormSchema>;

interface BatchCallDialogProps {
  open: boolean;
  campaignId: string;
  contactIds: string[];
  onClose: () => void;
  onSent: () => void;
}

/** Batch call (spec 000 §5): these contacts now, or at a chosen time, through the voice provider's batch calling. */
export function BatchCallDialog(props: BatchCallDialogProps) {
  return (
    <FormDialog open={props.open} onClose={props.onClose}>
      <BatchCallFormBody {...props} />
    </FormDialog>
  );
}

function BatchCallFormBody({ campaignId, contactIds, onClose, onSent }: BatchCallDialogProps) {
  const [startBatchCall] = useStartBatchCallMutation();
  const { toast } = useToast();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useSchemaForm<BatchCallForm>(batchCallFormSchema, { callName: '', startAt: '' });

  const submit = form.handleSubmit(async ({ callName, startAt }) => {
    setSubmitError(null);
    try {
      const result = await startBatchCall({
        campaignId,
        batch: {
          contactIds,
          callName,
          scheduledTimeUnix: startAt ? Math.floor(new Date(startAt).getTime() / 1000) : undefined,
        },
      }).unwrap();
      toast({ title: 'Batch call sent', description: result.message });
      onSent();
    } catch (error) {
      const message = form.reportServerError(error, 'Failed to send batch call');
      if (message !== null) setSubmitError(message);
    }
  });

  return (
    <FormDialogBody
      title="Call Selected Contacts"
      intro={`${contactIds.length} ${contactIds.length === 1 ? 'contact' : 'contacts'} will be called in one batch, outside the campaign's daily cap and interval.`}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      submitLabel="Send Batch Call"
      error={submitError}
      onCancel={onClose}
    >
      <Stack spacing={2.5}>
        <FormTextField control={form.control} name="callName" label="Call Name" required fullWidth />
        <FormTextField
          control={form.control}
          name="startAt"
          label="Start At"
          type="datetime-local"
          shrinkLabel
          helperText="Optional. Leave empty to call now."
          fullWidth
        />
      </Stack>
    </FormDialogBody>
  );
}
