import type { StringSchema } from 'yup';
import type { Agent } from '@shared/api/agents.types';
import { AGENT_LIMITS, updateAgentSchema, type UpdateAgentRequest } from '@shared/schemas/agent.schema';
import { FormDialog } from '../../components/forms/FormDialog';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { AgentFormBody } from './AgentFormDialog';
import { useUpdateAgentMutation } from './agentsApi';
import { useAgentForm } from './useAgentForm';

/**
 * The dialog shows every text filled in, so a text emptied there is too short (spec 000 §5), not "left unchanged" as
 * an absent field of the API's partial update is.
 */
const filledIn = (field: 'name' | 'purpose' | 'greeting' | 'closing', label: string) =>
  (updateAgentSchema.fields[field] as StringSchema<string | undefined>).required(
    `${label} must be at least ${AGENT_LIMITS.editMin} characters`,
  );

const editAgentFormSchema = updateAgentSchema.shape({
  name: filledIn('name', 'Name'),
  purpose: filledIn('purpose', 'Purpose'),
  greeting: filledIn('greeting', 'Greeting'),
  closing: filledIn('closing', 'Closing'),
});

interface EditAgentDialogProps {
  /** The agent to edit; the dialog is open while there is one. */
  agent: Agent | null;
  onClose: () => void;
}

/** Edit agent (spec 000 §2): the create fields except the campaign, each text at least 2 characters. */
export function EditAgentDialog({ agent, onClose }: EditAgentDialogProps) {
  return (
    <FormDialog open={Boolean(agent)} onClose={onClose} maxWidth="md">
      {agent && <EditAgentForm key={agent.id} agent={agent} onClose={onClose} />}
    </FormDialog>
  );
}

function EditAgentForm({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const [updateAgent] = useUpdateAgentMutation();
  const { toast } = useToast();
  const hasFile = Boolean(agent.knowledge && 'fileId' in agent.knowledge);
  const form = useSchemaForm<UpdateAgentRequest>(editAgentFormSchema, {
    name: agent.name,
    purpose: agent.purpose,
    greeting: agent.greeting,
    closing: agent.closing,
    disclosure: agent.disclosure ?? '',
    knowledge: agent.knowledge && 'url' in agent.knowledge ? agent.knowledge : { url: '' },
    voiceId: agent.voiceId ?? '',
    phoneNumberId: agent.phoneNumberId ?? '',
    templateId: '',
    prompt: agent.prompt ?? '',
    transferTargets: agent.transferTargets ?? [],
    silenceTimeoutSeconds: agent.silenceTimeoutSeconds,
    maxCallSeconds: agent.maxCallSeconds,
    endCallOnHoldMusic: agent.endCallOnHoldMusic,
  });

  const agentForm = useAgentForm({
    form,
    agentId: agent.id,
    knowledgeMode: hasFile ? 'file' : 'url',
    failure: { title: 'Error updating agent', text: 'Failed to update agent. Please try again.' },
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
      title={`Edit ${agent.name}`}
      currentFileNote={hasFile ? 'A knowledge PDF is on file. Choose a new one to replace it.' : undefined}
      submitLabel="Save Changes"
      onCancel={onClose}
    />
  );
}
