import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { CreateAgentResponse } from '@shared/api/agents.types';
import { createAgentSchema, type CreateAgentRequest } from '@shared/schemas/agent.schema';
import { AgentFormBody, AgentFormDialog } from './AgentFormDialog';
import { useCreateAgentMutation } from './agentsApi';
import { useAgentForm } from './useAgentForm';

const TITLE_ID = 'create-agent-title';

interface CreateAgentDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (result: CreateAgentResponse) => void;
}

/** Create agent (spec 000 §2): the form lives inside the dialog so that every opening starts afresh. */
export function CreateAgentDialog({ open, onClose, onCreated }: CreateAgentDialogProps) {
  return (
    <AgentFormDialog open={open} onClose={onClose} titleId={TITLE_ID}>
      {(onBusyChange) => <CreateAgentForm onClose={onClose} onCreated={onCreated} onBusyChange={onBusyChange} />}
    </AgentFormDialog>
  );
}

function CreateAgentForm({
  onClose,
  onCreated,
  onBusyChange,
}: Omit<CreateAgentDialogProps, 'open'> & { onBusyChange: (busy: boolean) => void }) {
  const [createAgent] = useCreateAgentMutation();
  const form = useForm<CreateAgentRequest>({
    resolver: yupResolver(createAgentSchema),
    defaultValues: {
      name: '',
      purpose: '',
      greeting: '',
      closing: '',
      knowledge: { url: '' },
      voiceId: '',
      phoneNumberId: '',
      templateId: '',
      prompt: '',
    },
  });

  const agentForm = useAgentForm({
    form,
    knowledgeMode: 'url',
    failure: { title: 'Error creating agent', text: 'Failed to create agent. Please try again.' },
    onBusyChange,
    save: async (values, knowledge, uploadKnowledge) => {
      let source: CreateAgentRequest['knowledge'] = knowledge.mode === 'url' ? values.knowledge : null;
      if (knowledge.mode === 'file' && knowledge.file) {
        source = await uploadKnowledge(knowledge.file, 'create');
        if (!source) knowledge.pickFile(null);
      }
      const result = await createAgent({ ...values, knowledge: source }).unwrap();
      onCreated(result);
    },
  });

  return (
    <AgentFormBody
      agentForm={agentForm}
      titleId={TITLE_ID}
      title="Create AI Voice Agent"
      intro="Give your agent a persona, tell it what to say, and choose the number it answers."
      submitLabel={form.formState.isSubmitting ? 'Creating Agent...' : 'Create Agent'}
      loadingPosition="start"
      onCancel={onClose}
    />
  );
}
