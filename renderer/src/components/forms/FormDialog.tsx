import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type BaseSyntheticEvent,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogConfirmActions } from '../DialogConfirmActions';

interface FormDialogFrame {
  titleId: string;
  setSubmitting: (submitting: boolean) => void;
}

const FormDialogContext = createContext<FormDialogFrame | null>(null);

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** The form (a component holding its own form state, with a FormDialogBody), mounted afresh at each opening. */
  children: ReactNode;
}

/** The dialog every form opens in: it starts clean each time, and cannot be dismissed while the form submits. */
export function FormDialog({ open, onClose, maxWidth = 'sm', children }: FormDialogProps) {
  const titleId = useId();
  const [submitting, setSubmitting] = useState(false);
  const frame = useMemo(() => ({ titleId, setSubmitting }), [titleId]);
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <FormDialogContext.Provider value={frame}>{open && children}</FormDialogContext.Provider>
    </Dialog>
  );
}

interface FormDialogBodyProps {
  title: ReactNode;
  intro?: ReactNode;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
  submitLabel: ReactNode;
  /** Keeps the submitting button off (after a form that is done, for example). */
  submitDisabled?: boolean;
  loadingPosition?: 'start' | 'center';
  /** What went wrong with the last submission, shown under the fields. */
  error?: string | null;
  onCancel: () => void;
  children: ReactNode;
}

/** The inside of a FormDialog: title, fields, the failure of the last submission, Cancel and the submitting button. */
export function FormDialogBody({
  title,
  intro,
  onSubmit,
  submitting,
  submitLabel,
  submitDisabled,
  loadingPosition,
  error,
  onCancel,
  children,
}: FormDialogBodyProps) {
  const frame = useContext(FormDialogContext);
  if (!frame) throw new Error('FormDialogBody belongs inside a FormDialog');
  const { titleId, setSubmitting } = frame;
  useEffect(() => setSubmitting(submitting), [setSubmitting, submitting]);
  useEffect(() => () => setSubmitting(false), [setSubmitting]);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {intro && <DialogContentText sx={{ mb: 2.5 }}>{intro}</DialogContentText>}
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2.5 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogConfirmActions
        confirmLabel={submitLabel}
        onCancel={onCancel}
        busy={submitting}
        confirmDisabled={submitDisabled}
        loadingPosition={loadingPosition}
      />
    </form>
  );
}
