import { useState } from 'react';
import { addDoNotCallSchema, type AddDoNotCallRequest } from '@shared/schemas/contact.schema';
import Stack from '@mui/material/Stack';
import { FormDialog, FormDialogBody } from '../../components/forms/FormDialog';
import { FormTextField } from '../../components/forms/FormTextField';
import { PhoneNumberFormField } from '../../components/forms/PhoneNumberFormField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useAddDoNotCallEntryMutation } from './api';

const FAILURE = 'Failed to add the number';

/** Add a number to the do-not-call list by hand, with an optional reason; checked by the API's own schema. */
export function AddDoNotCallDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <AddDoNotCallForm onClose={onClose} />
    </FormDialog>
  );
}

function AddDoNotCallForm({ onClose }: { onClose: () => void }) {
  const [addEntry] = useAddDoNotCallEntryMutation();
  const { toast } = useToast();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useSchemaForm<AddDoNotCallRequest>(addDoNotCallSchema, { phoneNumber: '', reason: '' });
  const { control } = form;

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      await addEntry(values).unwrap();
      toast({ title: 'Number added to the do-not-call list' });
      onClose();
    } catch (error) {
      const message = form.reportServerError(error, FAILURE);
      if (message !== null) setSubmitError(message);
    }
  });

  return (
    <FormDialogBody
      title="Add to Do-not-call List"
      intro="Nobody in your account can call this number from any campaign while it is on the list."
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      submitLabel="Add Number"
      error={submitError}
      onCancel={onClose}
    >
      <Stack spacing={2.5}>
        <PhoneNumberFormField control={control} name="phoneNumber" autoFocus />
        <FormTextField
          control={control}
          name="reason"
          label="Reason"
          helperText="Optional. Why the number must not be called, for whoever reads the list later."
          multiline
          minRows={2}
          maxRows={5}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </Stack>
    </FormDialogBody>
  );
}
