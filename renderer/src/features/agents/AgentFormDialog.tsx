import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { FormDialogBody } from '../../components/forms/FormDialog';
import { AgentInputs } from './AgentInputs';
import type { AgentInputsValues } from './agentInputFields';
import type { AgentFormState } from './useAgentForm';

interface AgentFormBodyProps<T extends AgentInputsValues> {
  agentForm: AgentFormState<T>;
  title: ReactNode;
  intro?: string;
  /** Shown when the agent already has an uploaded knowledge file and no new one is picked. */
  currentFileNote?: string;
  submitLabel: ReactNode;
  loadingPosition?: 'start' | 'center';
  onCancel: () => void;
}

/** An agent form inside its FormDialog: the shared inputs under the dialog's title, a failed save, the buttons. */
export function AgentFormBody<T extends AgentInputsValues>({
  agentForm: { form, submit, submitError, inputs },
  title,
  intro,
  currentFileNote,
  submitLabel,
  loadingPosition,
  onCancel,
}: AgentFormBodyProps<T>) {
  return (
    <FormProvider {...form}>
      <FormDialogBody
        title={title}
        intro={intro}
        onSubmit={submit}
        submitting={form.formState.isSubmitting}
        submitLabel={submitLabel}
        loadingPosition={loadingPosition}
        error={submitError}
        onCancel={onCancel}
      >
        <AgentInputs {...inputs} currentFileNote={currentFileNote} />
      </FormDialogBody>
    </FormProvider>
  );
}
