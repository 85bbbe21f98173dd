import type { OutboundContact } from '@shared/api/contacts.types';
import { formatClock, formatDateTime } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { consentDetail } from './consentDisplay';
import { useGetContactAttemptsQuery } from './dialerApi';
import { StatusChip } from './StatusChip';
import { failureMessage } from './requestFailure';

interface ContactAttemptsProps {
  contact: OutboundContact;
  onConsentLedger: () => void;
  onBack: () => void;
}

/** The contact's consent in full, and its ledger as a CSV file for a dispute. */
function ConsentSummary({ contact, onConsentLedger }: Omit<ContactAttemptsProps, 'onBack'>) {
  const { given, evidence } = consentDetail(contact.consent);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="contact-consent-title"
      sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 320px' }}>
        <Typography id="contact-consent-title" variant="subtitle2" component="h3">
          Consent
        </Typography>
        <Typography variant="body2">{given}</Typography>
        {evidence && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            Evidence: {evidence}
          </Typography>
        )}
      </Box>
      <Button variant="outlined" startIcon={<FactCheckIcon />} onClick={onConsentLedger}>
        Download Consent Ledger
      </Button>
    </Paper>
  );
}

/**
 * One contact (spec 000 §2): its consent, with the ledger's download, and its Call Attempts (Attempt #, Status,
 * Started, Duration m:ss, Outcome).
 */
export function ContactAttempts({ contact, onConsentLedger, onBack }: ContactAttemptsProps) {
  const attempts = useGetContactAttemptsQuery(contact.id);

  return (
    <Box>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}
      >
        <Typography variant="h6" component="h2">
          Call Attempts · {formatPhoneNumber(contact.phoneNumber)}
        </Typography>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack} variant="outlined">
          Back to Contacts
        </Button>
      </Box>
      <ConsentSummary contact={contact} onConsentLedger={onConsentLedger} />
      {attempts.error ? (
        <Alert severity="error">Failed to fetch call attempts: {failureMessage(attempts.error)}</Alert>
      ) : attempts.isLoading ? (
        <Skeleton variant="rounded" height={120} />
      ) : (attempts.data ?? []).length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">No calls have been made to this contact yet.</Typography>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Call attempts">
            <TableHead>
              <TableRow>
                <TableCell>Attempt #</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Started</TableCell>
                <TableCell>Duration</TableCell>
                <TableCell>Outcome</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(attempts.data ?? []).map((attempt) => (
                <TableRow key={attempt.id}>
                  <TableCell>{attempt.attemptNumber}</TableCell>
                  <TableCell>
                    <StatusChip status={attempt.status} />
                  </TableCell>
                  <TableCell>{attempt.startedAt ? formatDateTime(attempt.startedAt) : '—'}</TableCell>
                  <TableCell>{formatClock(attempt.durationSec ?? 0)}</TableCell>
                  <TableCell>{attempt.outcome ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
