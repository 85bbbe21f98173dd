import { useEffect, useId, useState } from 'react';
import type { ContactImport, ImportReport, ImportSkipReason } from '@shared/api/contacts.types';
import { CONSENT_COLUMNS } from '@shared/domain/contact-csv';
import { formatCount } from '@shared/domain/format';
import { CONSENT_SOURCES } from '@shared/schemas/contact.schema';
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
import Typography from '@mui/material/Typography';
import { CsvTextInput, useCsvText } from '../../components/forms/CsvTextInput';
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
  invalid_timezone: 'Invalid timezone',
  invalid_consent: 'Invalid consent',
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
          {/* A scrolling region must take the keyboard's focus so its rows can be scrolled without a mouse. */}
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label="Rows that will be skipped"
            sx={{
              maxHeight: 260,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
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
  const csv = useCsvText();
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
    csv.clear();
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

  const runPreview = async () => {
    setProblem(null);
    try {
      setReport(await preview({ campaignId, file: csv.asFile() }).unwrap());
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  const runImport = async () => {
    setProblem(null);
    try {
      setImportId((await startImport({ campaignId, file: csv.asFile() }).unwrap()).id);
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  const state = progress.data?.status;
  useEffect(() => {
    if (!progress.data || (state !== 'finished' && state !== 'failed')) return;
    dispatch(contactsApi.util.invalidateTags([{ type: 'CampaignContact', id: campaignId }]));
    // A finished import is told once, by its live event (a toast if the user wants it, and the notification centre);
    // the dialog shows the result itself.
    if (state === 'failed') {
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

  const { empty } = csv;

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
            <DialogContentText variant="body2">
              Consent to be called goes in four optional columns: <code>{CONSENT_COLUMNS.scope}</code> (
              <code>informational</code> or <code>marketing</code>), <code>{CONSENT_COLUMNS.source}</code> (
              {CONSENT_SOURCES.map((source, index) => (
                <span key={source}>
                  {index > 0 && ', '}
                  <code>{source}</code>
                </span>
              ))}
              ; <code>csv_import</code> when empty), <code>{CONSENT_COLUMNS.capturedAt}</code> (an ISO date or date and
              time; the import’s time when empty) and <code>{CONSENT_COLUMNS.evidence}</code>. Each becomes an entry in
              the contact’s consent ledger.
            </DialogContentText>
            <CsvTextInput
              csv={csv}
              onChanged={() => setReport(null)}
              placeholder={'phone,name,appointment\n+64211234567,Ana,Tuesday 10am'}
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
