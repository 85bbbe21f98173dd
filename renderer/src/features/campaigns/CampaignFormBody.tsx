import type { ReactNode } from 'react';
import { SchemaFormDialogBody } from '../../components/forms/SchemaFormDialogBody';
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
  campaignForm,
  title,
  intro,
  submitLabel,
  onCancel,
  children,
}: CampaignFormBodyProps<T>) {
  return (
    <SchemaFormDialogBody
      formState={campaignForm}
      title={title}
      intro={intro}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <CampaignInputs {...campaignForm.inputs} />
      {children}
    </SchemaFormDialogBody>
  );
}
