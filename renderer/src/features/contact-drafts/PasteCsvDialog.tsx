import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

interface PasteCsvDialogProps {
  open: boolean;
  onClose: () => void;
  /** Adds the CSV's rows to the draft; resolves once they are stored. */
  onAdd: (csv: string) => Promise<void>;
}

/** CSV pasted or read from a file into the draft, by the import's rules; nothing is sent until the next sync. */
export function PasteCsvDialog({ open, onClose, onAdd }: PasteCsvDialogProps) {
  const titleId = useId();
  const [csv, setCsv] = useState('');
  const [busy, setBusy] = useState(false);

  async function add() {
    setBusy(true);
    try {
      await onAdd(csv);
      setCsv('');
      onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Add CSV to the draft</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The first line is the header; the first column is the phone number and the other columns become metadata. Rows
          with a different number of columns are skipped.
        </DialogContentText>
        <TextField
          label="CSV"
          multiline
          minRows={6}
          fullWidth
          value={csv}
          onChange={(event) => setCsv(event.target.value)}
        />
        <Button component="label" variant="text" sx={{ mt: 1 }} disabled={busy}>
          Choose CSV file
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void file.text().then(setCsv);
              event.target.value = '';
            }}
          />
        </Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void add()} disabled={busy || csv.trim() === ''}>
          Add rows
        </Button>
      </DialogActions>
    </Dialog>
  );
}
