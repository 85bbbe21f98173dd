import type { BaseSyntheticEvent, ComponentProps } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { FormDialogBody } from './FormDialog';
import type { SchemaForm } from './useSchemaForm';

/** A form's state as its hook hands it to a dialog: the form, its submit handler and the last save's failure. */
export interface SchemaFormState<T extends FieldValues> {
  form: SchemaForm<T>;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The failure shown under the form, if the last save failed. */
  submitError: string | null;
}

type SchemaFormDialogBodyProps<T extends FieldValues> = Omit<
  ComponentProps<typeof FormDialogBody>,
  'onSubmit' | 'submitting' | 'error'
> & { formState: SchemaFormState<T> };

/** A FormDialogBody driven by a schema form: its fields see the form through the context, its buttons its state. */
export function SchemaFormDialogBody<T extends FieldValues>({
  formState: { form, submit, submitError },
  ...body
}: SchemaFormDialogBodyProps<T>) {
  return (
    <FormProvider {...form}>
      <FormDialogBody {...body} onSubmit={submit} submitting={form.formState.isSubmitting} error={submitError} />
    </FormProvider>
  );
}
