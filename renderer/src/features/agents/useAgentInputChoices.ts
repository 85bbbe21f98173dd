import type { ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import type { AgentTemplate } from '@shared/api/agent-templates.types';
import type { AgentInputsValues } from './agentInputFields';
import type { KnowledgeMode, KnowledgeSource } from './useKnowledgeSource';

/** What the agent form's choices do beyond setting their own field: a template fills the instructions, and so on. */
export function useAgentInputChoices(templates: AgentTemplate[], knowledge: KnowledgeSource) {
  const { setValue, clearErrors } = useFormContext<AgentInputsValues>();

  const applyTemplate = (templateId: string) => {
    setValue('templateId', templateId || null, { shouldDirty: true });
    const template = templates.find((candidate) => candidate.id === templateId);
    if (template) setValue('prompt', template.promptStructure, { shouldDirty: true, shouldValidate: true });
  };

  // A hidden URL must not hold the form back: choosing a file drops it.
  const changeMode = (mode: KnowledgeMode | null) => {
    if (!mode) return;
    if (mode === 'file') {
      setValue('knowledge', { url: '' });
      clearErrors('knowledge.url');
    }
    knowledge.setMode(mode);
  };

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    knowledge.pickFile(event.target.files?.[0] ?? null);
    event.target.value = '';
  };

  return { applyTemplate, changeMode, pickFile };
}
