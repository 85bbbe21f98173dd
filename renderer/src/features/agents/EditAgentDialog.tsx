import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { Agent } from '@shared/api/agents.types';
import { updateAgentSchema, type UpdateAgentRequest } from '@shared/schemas/agent.schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useToast } from '../../components/toasts/useToast';
import { useGetPhoneNumbersQuery } from '../phone-numbers';
import { AgentInputs } from './AgentInputs';
import { applyServerErrors, confirmNumberMove } from './agentFormSupport';
import { useGetAgentTemplatesQuery, useGetVoicesQuery, useUpdateAgentMutation } from './agentsApi';
import { useKnowledgeSource } from './useKnowledgeSource';
import { useKnowledgeUpload } from './useKnowledgeUpload';

const FIELDS: ReadonlyArray<Path<UpdateAgentRequest>> = [
  'name',
  'purpose',
  'greeting',
  'closing',
  'knowledgeUrl',
  'voiceId',
  'phoneNumberId',
  'prompt',
];

interface EditAgentDialogProps {
  /** The agent to edit; the dialog is open while there is one. */
  agent: Agent | null;
  onClose: () => void;
}

/** Edit agent (spec 000 §2): the create fields except the campaign, each text at least 2 characters. */
export function EditAgentDialog({ agent, onClose }: EditAgentDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={Boolean(agent)}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="edit-agent-title"
    >
      {agent && <EditAgentForm key={agent.id} agent={agent} onClose={onClose} onBusyChange={setBusy} />}
    </Dialog>
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
  const { data: voices = [] } = useGetVoicesQuery();
  const { data: templates = [] } = useGetAgentTemplatesQuery();
  const { data: phoneNumbers = [], isError: phoneNumbersFailed } = useGetPhoneNumbersQuery();
  const [updateAgent] = useUpdateAgentMutation();
  const uploadKnowledge = useKnowledgeUpload();
  const knowledge = useKnowledgeSource(agent.knowledgeFileId ? 'file' : 'url');
  const { toast } = useToast();
  const [submitError, setSubmitError] = useState<string | null>(null);

  const form = useForm<UpdateAgentRequest>({
    resolver: yupResolver(updateAgentSchema),
    defaultValues: {
      name: agent.name,
      purpose: agent.purpose,
      greeting: agent.greeting,
      closing: agent.closing,
      knowledgeUrl: agent.knowledgeFileId ? '' : (agent.knowledgeUrl ?? ''),
      voiceId: agent.voiceId ?? '',
      phoneNumberId: agent.phoneNumberId ?? '',
      templateId: '',
      prompt: agent.prompt ?? '',
    },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    if (!confirmNumberMove(phoneNumbers, values.phoneNumberId, agent.id)) return;
    onBusyChange(true);
    try {
      const { knowledgeUrl, ...rest } = values;
      let changes: UpdateAgentRequest = rest;
      let uploadFailed = false;
      if (knowledge.mode === 'url') {
        changes = { ...changes, knowledgeUrl, knowledgeFileId: null };
      } else if (knowledge.file) {
        // A failed upload leaves the knowledge base as it was.
        const reference = await uploadKnowledge(knowledge.file, 'update');
        if (reference) changes = { ...changes, knowledgeUrl: null, knowledgeFileId: null, ...reference };
        else uploadFailed = true;
      }
      await updateAgent({ id: agent.id, changes }).unwrap();
      // One toast at a time: the upload's warning already says the agent was updated, so it stays.
      if (!uploadFailed) toast({ title: 'Agent updated', description: `${values.name ?? agent.name} has been saved.` });
      onClose();
    } catch (error) {
      const failure = applyServerErrors(error, FIELDS, form.setError);
      if (failure) {
        toast({ title: 'Error updating agent', description: failure.message, variant: 'destructive' });
        setSubmitError('Failed to update agent. Please try again.');
      }
    } finally {
      onBusyChange(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="edit-agent-title">Edit {agent.name}</DialogTitle>
        <DialogContent dividers>
          <AgentInputs
            knowledge={knowledge}
            voices={voices}
            templates={templates}
            phoneNumbers={phoneNumbersFailed ? [] : phoneNumbers}
            phoneNumbersFailed={phoneNumbersFailed}
            agentId={agent.id}
            currentFileNote={
              agent.knowledgeFileId ? 'A knowledge PDF is on file. Choose a new one to replace it.' : undefined
            }
            disabled={isSubmitting}
          />
          {submitError && (
            <Alert severity="error" sx={{ mt: 2.5 }}>
              {submitError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save Changes
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
