import type { ReactNode } from 'react';
import { SchemaFormDialogBody } from '../../components/forms/SchemaFormDialogBody';
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
  agentForm,
  title,
  intro,
  currentFileNote,
  submitLabel,
  loadingPosition,
  onCancel,
}: AgentFormBodyProps<T>) {
  return (
    <SchemaFormDialogBody
      formState={agentForm}
      title={title}
      intro={intro}
      submitLabel={submitLabel}
      loadingPosition={loadingPosition}
      onCancel={onCancel}
    >
      <AgentInputs {...agentForm.inputs} currentFileNote={currentFileNote} />
    </SchemaFormDialogBody>
  );
}
