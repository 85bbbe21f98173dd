import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

interface DialogConfirmActionsProps {
  confirmLabel: ReactNode;
  /** Without it the confirming button submits the dialog's form. */
  onConfirm?: () => void;
  onCancel: () => void;
  /** While the action runs, the confirming button shows it and Cancel waits. */
  busy: boolean;
  confirmDisabled?: boolean;
  loadingPosition?: 'start' | 'center';
}

/** The foot of a dialog that asks for one action: Cancel, and the button that carries the action out. */
export function DialogConfirmActions({
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  confirmDisabled = false,
  loadingPosition,
}: DialogConfirmActionsProps) {
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant="contained"
        onClick={onConfirm}
        loading={busy}
        disabled={confirmDisabled}
        loadingPosition={loadingPosition}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  );
}
