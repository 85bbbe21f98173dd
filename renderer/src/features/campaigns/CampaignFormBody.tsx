import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { FormDialogBody } from '../../components/forms/FormDialog';
import { CampaignInputs, type CampaignInputsValues } from './CampaignInputs';
import type { CampaignFormState } from './useCampaignForm';

interface CampaignFormBodyProps<T extends CampaignInputsValues> {
  campaignForm: CampaignFormState<T>;
  title: string;
  intro?: string;
  submitLabel: ReactNode;
  onCancel: () => void;
  /** More inputs under the shared ones (the edit dialog's Active switch). */
  children?: ReactNode;
}

/** A campaign form inside its FormDialog: the shared inputs under the title, a failed save, the buttons. */
export function CampaignFormBody<T extends CampaignInputsValues>({
  campaignForm: { form, submit, submitError, inputs },
  title,
  intro,
  submitLabel,
  onCancel,
  children,
}: CampaignFormBodyProps<T>) {
  return (
    <FormProvider {...form}>
      <FormDialogBody
        title={title}
        intro={intro}
        onSubmit={submit}
        submitting={form.formState.isSubmitting}
        submitLabel={submitLabel}
        error={submitError}
        onCancel={onCancel}
      >
        <CampaignInputs {...inputs} />
        {children}
      </FormDialogBody>
    </FormProvider>
  );
}
