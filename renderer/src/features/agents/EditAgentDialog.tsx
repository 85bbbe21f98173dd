import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { Agent } from '@shared/api/agents.types';
import { updateAgentSchema, type UpdateAgentRequest } from '@shared/schemas/agent.schema';
import { useToast } from '../../components/toasts/useToast';
import { AgentFormBody, AgentFormDialog } from './AgentFormDialog';
import { useUpdateAgentMutation } from './agentsApi';
import { useAgentForm } from './useAgentForm';

const TITLE_ID = 'edit-agent-title';

interface EditAgentDialogProps {
  /** The agent to edit; the dialog is open while there is one. */
  agent: Agent | null;
  onClose: () => void;
}

/** Edit agent (spec 000 §2): the create fields except the campaign, each text at least 2 characters. */
export function EditAgentDialog({ agent, onClose }: EditAgentDialogProps) {
  return (
    <AgentFormDialog open={Boolean(agent)} onClose={onClose} titleId={TITLE_ID}>
      {(onBusyChange) =>
        agent && <EditAgentForm key={agent.id} agent={agent} onClose={onClose} onBusyChange={onBusyChange} />
      }
    </AgentFormDialog>
  );
}

function EditAgentForm({
  agent,
  onClose,
  onBusyChange,
}: {
  agent: Agent;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [updateAgent] = useUpdateAgentMutation();
  const { toast } = useToast();
  const hasFile = Boolean(agent.knowledge && 'fileId' in agent.knowledge);
  const form = useForm<UpdateAgentRequest>({
    resolver: yupResolver(updateAgentSchema),
    defaultValues: {
      name: agent.name,
      purpose: agent.purpose,
      greeting: agent.greeting,
      closing: agent.closing,
      knowledge: agent.knowledge && 'url' in agent.knowledge ? agent.knowledge : { url: '' },
      voiceId: agent.voiceId ?? '',
      phoneNumberId: agent.phoneNumberId ?? '',
      templateId: '',
      prompt: agent.prompt ?? '',
    },
  });

  const agentForm = useAgentForm({
    form,
    agentId: agent.id,
    knowledgeMode: hasFile ? 'file' : 'url',
    failure: { title: 'Error updating agent', text: 'Failed to update agent. Please try again.' },
    onBusyChange,
    save: async (values, knowledge, uploadKnowledge) => {
      const { knowledge: typedSource, ...rest } = values;
      let changes: UpdateAgentRequest = rest;
      let uploadFailed = false;
      if (knowledge.mode === 'url') {
        changes = { ...changes, knowledge: typedSource ?? null };
      } else if (knowledge.file) {
        // A failed upload leaves the knowledge base as it was.
        const reference = await uploadKnowledge(knowledge.file, 'update');
        if (reference) changes = { ...changes, knowledge: reference };
        else uploadFailed = true;
      }
      await updateAgent({ id: agent.id, changes }).unwrap();
      // One toast at a time: the upload's warning already says the agent was updated, so it stays.
      if (!uploadFailed) toast({ title: 'Agent updated', description: `${values.name ?? agent.name} has been saved.` });
      onClose();
    },
  });

  return (
    <AgentFormBody
      agentForm={agentForm}
      titleId={TITLE_ID}
      title={`Edit ${agent.name}`}
      currentFileNote={hasFile ? 'A knowledge PDF is on file. Choose a new one to replace it.' : undefined}
      submitLabel="Save Changes"
      onCancel={onClose}
    />
  );
}
