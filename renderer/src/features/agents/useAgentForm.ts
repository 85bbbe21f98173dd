import type { SchemaFormState } from '../../components/forms/SchemaFormDialogBody';
import { useState } from 'react';
import type { SchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useGetAgentTemplatesQuery } from '../agent-templates';
import { useGetPhoneNumbersQuery } from '../phone-numbers';
import { useGetVoicesQuery } from '../voices';
import type { AgentInputsProps } from './AgentInputs';
import type { AgentInputsValues } from './agentInputFields';
import { confirmNumberMove } from './agentFormSupport';
import { useKnowledgeSource, type KnowledgeMode, type KnowledgeSource } from './useKnowledgeSource';
import { useKnowledgeUpload } from './useKnowledgeUpload';

type UploadKnowledge = ReturnType<typeof useKnowledgeUpload>;

interface AgentFormOptions<T extends AgentInputsValues> {
  form: SchemaForm<T>;
  /** The agent being edited; none while creating. */
  agentId?: string;
  knowledgeMode: KnowledgeMode;
  /** The toast title and the text under the form when saving fails (spec 000 §8). */
  failure: { title: string; text: string };
  /** Saves the checked values with what the knowledge source holds; throws what the API threw. */
  save: (values: T, knowledge: KnowledgeSource, uploadKnowledge: UploadKnowledge) => Promise<void>;
}

export interface AgentFormState<T extends AgentInputsValues> extends SchemaFormState<T> {
  inputs: AgentInputsProps;
}

/**
 * What the create and edit dialogs share (spec 000 §2 and §8): the lists the inputs choose from, the knowledge source,
 * the question before a number moves, and a failed save reported beside the fields, in a toast and under the form.
 */
export function useAgentForm<T extends AgentInputsValues>({
  form,
  agentId,
  knowledgeMode,
  failure,
  save,
}: AgentFormOptions<T>): AgentFormState<T> {
  const { data: voices = [] } = useGetVoicesQuery();
  const { data: templates = [] } = useGetAgentTemplatesQuery();
  const { data: phoneNumbers = [], isError: phoneNumbersFailed } = useGetPhoneNumbersQuery();
  const uploadKnowledge = useKnowledgeUpload();
  const knowledge = useKnowledgeSource(knowledgeMode);
  const { toast } = useToast();
  const [submitError, setSubmitError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    if (!confirmNumberMove(phoneNumbers, values.phoneNumberId, agentId)) return;
    try {
      await save(values, knowledge, uploadKnowledge);
    } catch (error) {
      const message = form.reportServerError(error, 'Unknown error occurred');
      if (message !== null) {
        toast({ title: failure.title, description: message, variant: 'destructive' });
        setSubmitError(failure.text);
      }
    }
  });

  return {
    form,
    submit,
    submitError,
    inputs: {
      knowledge,
      voices,
      templates,
      phoneNumbers: phoneNumbersFailed ? [] : phoneNumbers,
      phoneNumbersFailed,
      agentId,
      disabled: form.formState.isSubmitting,
    },
  };
}
