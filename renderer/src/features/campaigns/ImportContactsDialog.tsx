import { useEffect, useId, useState, type ChangeEvent } from 'react';
import type { ContactImport, ImportReport, ImportSkipReason } from '@shared/api/contacts.types';
import { formatCount } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useAppDispatch } from '../../core/hooks';
import { useLiveConnected } from '../events';
import { importResultText, skippedCount } from './importReport';
import { useToast } from '../../components/toasts/useToast';
import {
  contactsApi,
  useGetContactImportQuery,
  usePreviewContactImportMutation,
  useStartContactImportMutation,
} from './contactsApi';
import { failureMessage } from './requestFailure';

const REASONS: Record<ImportSkipReason, string> = {
  invalid_number: 'Invalid number',
  duplicate: 'Duplicate',
  wrong_column_count: 'Wrong column count',
  do_not_call: 'On the do-not-call list',
};

/** Skipped rows listed in the preview; the counts above the list cover them all. */
const ISSUES_SHOWN = 100;

/** How often the import is asked for its progress while the live event stream is down. */
const POLL_MS = 500;

function PreviewReport({ report }: { report: ImportReport }) {
  const skipped = skippedCount(report);
  const issues = report.issues.slice(0, ISSUES_SHOWN);
  return (
    <Box data-testid="import-preview">
      <Alert severity={report.imported > 0 ? 'info' : 'warning'} sx={{ mb: 2 }}>
        {formatCount(report.imported)} of {formatCount(report.totalRows)} rows will be imported
        {skipped > 0 ? `; ${formatCount(skipped)} will be skipped.` : '.'}
      </Alert>
      {skipped > 0 && (
        <>
          <Stack
            direction="row"
            spacing={2}
            sx={{ flexWrap: 'wrap', mb: 1.5 }}
            component="ul"
            aria-label="Skipped rows by reason"
          >
            {(Object.keys(REASONS) as ImportSkipReason[])
              .filter((reason) => report.skipped[reason] > 0)
              .map((reason) => (
                <Typography key={reason} component="li" variant="body2" sx={{ listStyle: 'none' }}>
                  {REASONS[reason]}: <strong>{formatCount(report.skipped[reason])}</strong>
                </Typography>
              ))}
          </Stack>
          <TableContainer sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label="Rows that will be skipped">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Number</TableCell>
                  <TableCell>Why</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {issues.map((issue) => (
                  <TableRow key={issue.row}>
                    <TableCell>{issue.row}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{issue.phoneNumber || '—'}</TableCell>
                    <TableCell>
                      {REASONS[issue.reason]}
                      {issue.detail ? `: ${issue.detail}` : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {report.issues.length > issues.length && (
            <Typography variant="caption" color="text.secondary">
              The first {ISSUES_SHOWN} of {formatCount(skipped)} skipped rows are listed.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

function ImportProgress({ progress }: { progress: ContactImport | undefined }) {
  const total = progress?.totalRows ?? 0;
  const done = progress?.processedRows ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <Box>
      <Typography id="import-progress-label" variant="body2" sx={{ mb: 1 }}>
        {progress?.report
          ? `Import finished: ${importResultText(progress.report)}.`
          : `Importing… ${total > 0 ? `${formatCount(done)} of ${formatCount(total)} rows checked` : 'starting'}`}
      </Typography>
      <LinearProgress
        variant={total > 0 ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-labelledby="import-progress-label"
      />
    </Box>
  );
}

interface ImportContactsDialogProps {
  open: boolean;
  campaignId: string;
  onClose: () => void;
}

/**
 * Import CSV (spec 000 §5): a file or pasted text whose first line is a header and first column the number; a preview
 * of what will be skipped and why (checked by the server against the campaign and the do-not-call list, nothing
 * written), then the import itself with a progress bar and its result as a toast.
 */
export function ImportContactsDialog({ open, campaignId, onClose }: ImportContactsDialogProps) {
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, { isLoading: previewing }] = usePreviewContactImportMutation();
  const [startImport, { isLoading: starting }] = useStartContactImportMutation();
  const [ended, setEnded] = useState(false);
  const live = useLiveConnected();
  const progress = useGetContactImportQuery(importId ?? '', {
    skip: !importId,
    pollingInterval: ended || live ? 0 : POLL_MS,
  });
  const dispatch = useAppDispatch();
  const { toast } = useToast();
  const titleId = useId();
  const running = Boolean(importId) && !ended;

  const reset = () => {
    setText('');
    setFileName(null);
    setReport(null);
    setImportId(null);
    setEnded(false);
    setProblem(null);
  };
  const close = () => {
    if (running) return;
    reset();
    onClose();
  };

  const csv = () => new Blob([text], { type: 'text/csv' });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setText(await file.text());
    setFileName(file.name);
    setReport(null);
  };

  const runPreview = async () => {
    setProblem(null);
    try {
      setReport(await preview({ campaignId, file: csv() }).unwrap());
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  const runImport = async () => {
    setProblem(null);
    try {
      setImportId((await startImport({ campaignId, file: csv() }).unwrap()).id);
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  const state = progress.data?.status;
  useEffect(() => {
    if (!progress.data || (state !== 'finished' && state !== 'failed')) return;
    dispatch(contactsApi.util.invalidateTags([{ type: 'CampaignContact', id: campaignId }]));
    if (state === 'finished' && progress.data.report) {
      toast({ title: importResultText(progress.data.report) });
    } else {
      toast({
        title: 'Import failed',
        description: progress.data.error ?? 'No contacts were imported.',
        variant: 'destructive',
      });
    }
    // The bar stays, full, with the result beside it until the dialog is closed.
    setEnded(true);
    // Only the import's end matters here.
  }, [state]);

  const empty = text.trim() === '';

  return (
    <Dialog open={open} onClose={running ? undefined : close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Import Contacts from CSV</DialogTitle>
      <DialogContent dividers>
        {importId ? (
          <ImportProgress progress={progress.data} />
        ) : (
          <Stack spacing={2}>
            <DialogContentText>
              The first line is a header and the first column the phone number; the other columns become the contact’s
              metadata. Rows with a different number of columns than the header are skipped.
            </DialogContentText>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                Choose CSV File
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="CSV file"
                  onChange={(event) => void onFile(event)}
                />
              </Button>
              <Typography variant="body2" color="text.secondary" data-testid="csv-file-name">
                {fileName ?? 'Or paste the CSV below.'}
              </Typography>
            </Stack>
            <TextField
              label="CSV"
              multiline
              minRows={4}
              maxRows={10}
              value={text.length > 20_000 ? `${text.slice(0, 20_000)}\n…` : text}
              onChange={(event) => {
                setText(event.target.value);
                setFileName(null);
                setReport(null);
              }}
              placeholder={'phone,name,appointment\n+64211234567,Ana,Tuesday 10am'}
              slotProps={{ htmlInput: { readOnly: text.length > 20_000, spellCheck: false } }}
            />
            {report && <PreviewReport report={report} />}
          </Stack>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} disabled={running}>
          {ended ? 'Close' : 'Cancel'}
        </Button>
        {!importId && (
          <Button variant="outlined" onClick={() => void runPreview()} disabled={empty} loading={previewing}>
            Preview
          </Button>
        )}
        <Button
          variant="contained"
          onClick={() => void runImport()}
          disabled={empty || Boolean(importId) || (report !== null && report.imported === 0)}
          loading={starting || running}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
