import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogConfirmActions } from './DialogConfirmActions';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the action does, in the words the person confirms. */
  message: ReactNode;
  confirmLabel: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone; it cannot be dismissed while the action runs. */
export function ConfirmDialog({ open, title, message, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogConfirmActions confirmLabel={confirmLabel} onConfirm={onConfirm} onCancel={onCancel} busy={busy} />
    </Dialog>
  );
}
