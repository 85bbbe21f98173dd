import { useId, useState } from 'react';
import type { DoNotCallImportResponse } from '@shared/api/contacts.types';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { CsvTextInput, useCsvText } from '../../components/forms/CsvTextInput';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useImportDoNotCallMutation } from './api';
import { importOutcomeText } from './doNotCallDisplay';

/**
 * Import CSV to the do-not-call list: a file or pasted text whose first line is a header and first column the number.
 * The API adds every valid number not listed yet, in one piece, and answers what it skipped and why.
 */
export function ImportDoNotCallDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const csv = useCsvText();
  const [report, setReport] = useState<DoNotCallImportResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importCsv, { isLoading: importing }] = useImportDoNotCallMutation();
  const { toast } = useToast();
  const titleId = useId();

  const close = () => {
    if (importing) return;
    csv.clear();
    setReport(null);
    setProblem(null);
    onClose();
  };

  const runImport = async () => {
    setProblem(null);
    try {
      const outcome = await importCsv(csv.asFile()).unwrap();
      setReport(outcome);
      toast({ title: importOutcomeText(outcome) });
    } catch (error) {
      setProblem(serverMessageOr(error, 'The import failed; no numbers were added.'));
    }
  };

  return (
    <Dialog open={open} onClose={importing ? undefined : close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Import Do-not-call Numbers</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <DialogContentText>
            The first line is a header and the first column the phone number, in international format. Numbers already
            on the list are skipped.
          </DialogContentText>
          <CsvTextInput
            csv={csv}
            onChanged={() => setReport(null)}
            placeholder={'phone\n+64211234567'}
            disabled={importing}
          />
          {report && (
            <Alert severity={report.report.imported > 0 ? 'success' : 'warning'} data-testid="import-outcome">
              {importOutcomeText(report)}
            </Alert>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} disabled={importing}>
          {report ? 'Close' : 'Cancel'}
        </Button>
        <Button
          variant="contained"
          onClick={() => void runImport()}
          disabled={csv.empty || report !== null}
          loading={importing}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
