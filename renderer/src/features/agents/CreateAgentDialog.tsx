import type { CreateAgentResponse } from '@shared/api/agents.types';
import {
  AGENT_CALL_LIMIT_DEFAULTS,
  createAgentSchema,
  defaultDisclosure,
  type CreateAgentRequest,
} from '@shared/schemas/agent.schema';
import { FormDialog } from '../../components/forms/FormDialog';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { AgentFormBody } from './AgentFormDialog';
import { useCreateAgentMutation } from './agentsApi';
import { useAgentForm } from './useAgentForm';
import { useGetTenantQuery } from '../tenant';

interface CreateAgentDialogProps {
  open: boolean;
  /** The campaign the new agent is created for, if any. */
  campaignId?: string;
  onClose: () => void;
  onCreated: (result: CreateAgentResponse) => void;
}

/** Create agent (spec 000 §2): the form lives inside the dialog so that every opening starts afresh. */
export function CreateAgentDialog({ open, campaignId, onClose, onCreated }: CreateAgentDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="md">
      <CreateAgentForm campaignId={campaignId} onClose={onClose} onCreated={onCreated} />
    </FormDialog>
  );
}

function CreateAgentForm({ campaignId, onClose, onCreated }: Omit<CreateAgentDialogProps, 'open'>) {
  const [createAgent] = useCreateAgentMutation();
  const { data: tenant } = useGetTenantQuery();
  const form = useSchemaForm(createAgentSchema, {
    name: '',
    purpose: '',
    greeting: '',
    closing: '',
    // Filled in with the business name: outbound campaigns need it.
    disclosure: defaultDisclosure(tenant?.tenant.name ?? 'your business'),
    knowledge: { url: '' },
    voiceId: '',
    phoneNumberId: '',
    campaignId: campaignId ?? '',
    templateId: '',
    prompt: '',
    transferTargets: [],
    ...AGENT_CALL_LIMIT_DEFAULTS,
  });

  const agentForm = useAgentForm({
    form,
    knowledgeMode: 'url',
    failure: { title: 'Error creating agent', text: 'Failed to create agent. Please try again.' },
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
      title="Create AI Voice Agent"
      intro="Give your agent a persona, tell it what to say, and choose the number it answers."
      submitLabel={form.formState.isSubmitting ? 'Creating Agent...' : 'Create Agent'}
      loadingPosition="start"
      onCancel={onClose}
    />
  );
}
