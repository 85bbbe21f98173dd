import { useState, type BaseSyntheticEvent } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useToast } from '../../components/toasts/useToast';
import { useGetAgentTemplatesQuery } from '../agent-templates';
import { useGetPhoneNumbersQuery } from '../phone-numbers';
import { useGetVoicesQuery } from '../voices';
import type { AgentInputsProps, AgentInputsValues } from './AgentInputs';
import { applyServerErrors, confirmNumberMove } from './agentFormSupport';
import { useKnowledgeSource, type KnowledgeMode, type KnowledgeSource } from './useKnowledgeSource';
import { useKnowledgeUpload } from './useKnowledgeUpload';

/** The inputs a 400's per-field messages are put beside. */
const SERVER_CHECKED_FIELDS = [
  'name',
  'purpose',
  'greeting',
  'closing',
  'knowledgeUrl',
  'voiceId',
  'phoneNumberId',
  'prompt',
] as const;

type UploadKnowledge = ReturnType<typeof useKnowledgeUpload>;

interface AgentFormOptions<T extends AgentInputsValues> {
  form: UseFormReturn<T>;
  /** The agent being edited; none while creating. */
  agentId?: string;
  knowledgeMode: KnowledgeMode;
  /** The toast title and the text under the form when saving fails (spec 000 §8). */
  failure: { title: string; text: string };
  /** Tells the dialog that a save is under way, so that it is not dismissed meanwhile. */
  onBusyChange: (busy: boolean) => void;
  /** Saves the checked values with what the knowledge source holds; throws what the API threw. */
  save: (values: T, knowledge: KnowledgeSource, uploadKnowledge: UploadKnowledge) => Promise<void>;
}

export interface AgentFormState<T extends AgentInputsValues> {
  form: UseFormReturn<T>;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The failure shown under the form, if the last save failed. */
  submitError: string | null;
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
  onBusyChange,
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
    onBusyChange(true);
    try {
      await save(values, knowledge, uploadKnowledge);
    } catch (error) {
      // T holds every agent input, so these names are paths of T.
      const fields = SERVER_CHECKED_FIELDS as ReadonlyArray<string> as ReadonlyArray<Path<T>>;
      const failed = applyServerErrors(error, fields, form.setError);
      if (failed) {
        toast({ title: failure.title, description: failed.message, variant: 'destructive' });
        setSubmitError(failure.text);
      }
    } finally {
      onBusyChange(false);
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
