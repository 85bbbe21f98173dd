import { useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogConfirmActions } from '../../components/DialogConfirmActions';
import { AgentInputs, type AgentInputsValues } from './AgentInputs';
import type { AgentFormState } from './useAgentForm';

interface AgentFormDialogProps {
  open: boolean;
  onClose: () => void;
  titleId: string;
  /** The form, mounted afresh at each opening so that it starts clean; it says when a save is under way. */
  children: (onBusyChange: (busy: boolean) => void) => ReactNode;
}

/** The dialog the create and edit forms open in; it is not dismissed while a save is under way. */
export function AgentFormDialog({ open, onClose, titleId, children }: AgentFormDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      {open && children(setBusy)}
    </Dialog>
  );
}

interface AgentFormBodyProps<T extends AgentInputsValues> {
  agentForm: AgentFormState<T>;
  titleId: string;
  title: ReactNode;
  intro?: string;
  /** Shown when the agent already has an uploaded knowledge file and no new one is picked. */
  currentFileNote?: string;
  submitLabel: ReactNode;
  loadingPosition?: 'start' | 'center';
  onCancel: () => void;
}

/** An agent form inside its dialog: the title, the shared inputs, a failed save, Cancel and the saving button. */
export function AgentFormBody<T extends AgentInputsValues>({
  agentForm: { form, submit, submitError, inputs },
  titleId,
  title,
  intro,
  currentFileNote,
  submitLabel,
  loadingPosition,
  onCancel,
}: AgentFormBodyProps<T>) {
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {intro && <DialogContentText sx={{ mb: 2.5 }}>{intro}</DialogContentText>}
          <AgentInputs {...inputs} currentFileNote={currentFileNote} />
          {submitError && (
            <Alert severity="error" sx={{ mt: 2.5 }}>
              {submitError}
            </Alert>
          )}
        </DialogContent>
        <DialogConfirmActions
          confirmLabel={submitLabel}
          onCancel={onCancel}
          busy={form.formState.isSubmitting}
          loadingPosition={loadingPosition}
        />
      </form>
    </FormProvider>
  );
}
