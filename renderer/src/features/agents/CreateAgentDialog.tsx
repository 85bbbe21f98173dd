import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { CreateAgentResponse } from '@shared/api/agents.types';
import { createAgentSchema, type CreateAgentRequest } from '@shared/schemas/agent.schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useToast } from '../../components/toasts/useToast';
import { useGetPhoneNumbersQuery } from '../phone-numbers';
import { AgentInputs } from './AgentInputs';
import { applyServerErrors, confirmNumberMove } from './agentFormSupport';
import { useCreateAgentMutation, useGetAgentTemplatesQuery, useGetVoicesQuery } from './agentsApi';
import { useKnowledgeSource } from './useKnowledgeSource';
import { useKnowledgeUpload } from './useKnowledgeUpload';

const FIELDS: ReadonlyArray<Path<CreateAgentRequest>> = [
  'name',
  'purpose',
  'greeting',
  'closing',
  'knowledgeUrl',
  'voiceId',
  'phoneNumberId',
  'prompt',
];

interface CreateAgentDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (result: CreateAgentResponse) => void;
}

/** Create agent (spec 000 §2): the form lives inside the dialog so that every opening starts afresh. */
export function CreateAgentDialog({ open, onClose, onCreated }: CreateAgentDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="create-agent-title"
    >
      {open && <CreateAgentForm onClose={onClose} onCreated={onCreated} onBusyChange={setBusy} />}
    </Dialog>
  );
}

function CreateAgentForm({
  onClose,
  onCreated,
  onBusyChange,
}: Omit<CreateAgentDialogProps, 'open'> & { onBusyChange: (busy: boolean) => void }) {
  const { data: voices = [] } = useGetVoicesQuery();
  const { data: templates = [] } = useGetAgentTemplatesQuery();
  const { data: phoneNumbers = [], isError: phoneNumbersFailed } = useGetPhoneNumbersQuery();
  const [createAgent] = useCreateAgentMutation();
  const uploadKnowledge = useKnowledgeUpload();
  const knowledge = useKnowledgeSource('url');
  const { toast } = useToast();
  const [submitError, setSubmitError] = useState<string | null>(null);

  const form = useForm<CreateAgentRequest>({
    resolver: yupResolver(createAgentSchema),
    defaultValues: {
      name: '',
      purpose: '',
      greeting: '',
      closing: '',
      knowledgeUrl: '',
      voiceId: '',
      phoneNumberId: '',
      templateId: '',
      prompt: '',
    },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    if (!confirmNumberMove(phoneNumbers, values.phoneNumberId)) return;
    onBusyChange(true);
    try {
      let knowledgeFields: Pick<CreateAgentRequest, 'knowledgeUrl' | 'knowledgeFileId'> = {
        knowledgeUrl: knowledge.mode === 'url' ? values.knowledgeUrl : null,
        knowledgeFileId: null,
      };
      if (knowledge.mode === 'file' && knowledge.file) {
        const reference = await uploadKnowledge(knowledge.file, 'create');
        if (reference) knowledgeFields = { ...knowledgeFields, ...reference };
        else knowledge.pickFile(null);
      }
      const result = await createAgent({ ...values, ...knowledgeFields }).unwrap();
      onCreated(result);
    } catch (error) {
      const failure = applyServerErrors(error, FIELDS, form.setError);
      if (failure) {
        toast({ title: 'Error creating agent', description: failure.message, variant: 'destructive' });
        setSubmitError('Failed to create agent. Please try again.');
      }
    } finally {
      onBusyChange(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-agent-title">Create AI Voice Agent</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2.5 }}>
            Give your agent a persona, tell it what to say, and choose the number it answers.
          </DialogContentText>
          <AgentInputs
            knowledge={knowledge}
            voices={voices}
            templates={templates}
            phoneNumbers={phoneNumbersFailed ? [] : phoneNumbers}
            phoneNumbersFailed={phoneNumbersFailed}
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
          <Button type="submit" variant="contained" loading={isSubmitting} loadingPosition="start">
            {isSubmitting ? 'Creating Agent...' : 'Create Agent'}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
