import { Link as RouterLink } from 'react-router-dom';
import type { PhoneNumber } from '@shared/api/phone-numbers.types';
import { classifyError } from '@shared/domain/error-classifier';
import { formatDate } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import PhoneIcon from '@mui/icons-material/Phone';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';

interface OwnedNumbersListProps {
  numbers: PhoneNumber[];
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  onRefresh: () => void;
  onSearch: () => void;
}

function labelOf(number: PhoneNumber): string | null {
  return number.label && number.label !== number.phoneNumber ? number.label : null;
}

function StatusChip({ number }: { number: PhoneNumber }) {
  return (
    <Chip size="small" label={number.active ? 'Active' : 'Inactive'} color={number.active ? 'success' : 'default'} />
  );
}

/** 'Assigned to' the agent, linking to its analytics, or 'Available'. */
function Assignment({ number }: { number: PhoneNumber }) {
  if (!number.assigned_agent) return <Chip size="small" variant="outlined" color="primary" label="Available" />;
  return (
    <>
      Assigned to{' '}
      <Link component={RouterLink} to={`/agents/${number.assigned_agent.database_agent_id}/analytics`}>
        {number.assigned_agent.agent_name}
      </Link>
    </>
  );
}

function NumbersTable({ numbers }: { numbers: PhoneNumber[] }) {
  return (
    <TableContainer>
      <Table aria-label="Your phone numbers">
        <TableHead>
          <TableRow>
            <TableCell>Number</TableCell>
            <TableCell>Label</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Agent</TableCell>
            <TableCell>Created</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {numbers.map((number) => (
            <TableRow key={number.id} hover>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatPhoneNumber(number.phoneNumber)}
              </TableCell>
              <TableCell>{labelOf(number) ?? '—'}</TableCell>
              <TableCell>
                <StatusChip number={number} />
              </TableCell>
              <TableCell>
                <Assignment number={number} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(number.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function NumbersList({ numbers }: { numbers: PhoneNumber[] }) {
  return (
    <List aria-label="Your phone numbers" disablePadding sx={{ borderTop: 1, borderColor: 'divider' }}>
      {numbers.map((number) => (
        <ListItem key={number.id} divider sx={{ display: 'block', py: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{formatPhoneNumber(number.phoneNumber)}</Typography>
            <StatusChip number={number} />
          </Box>
          {labelOf(number) && (
            <Typography variant="body2" color="text.secondary">
              {labelOf(number)}
            </Typography>
          )}
          <Typography variant="body2" component="div" sx={{ mt: 0.75, overflowWrap: 'anywhere' }}>
            <Assignment number={number} />
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Added {formatDate(number.createdAt)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

/** The tenant's numbers (spec 000 §2): label, status, created date and the agent each is assigned to. */
export function OwnedNumbersList({ numbers, loading, refreshing, error, onRefresh, onSearch }: OwnedNumbersListProps) {
  const failure = error ? classifyError(error) : null;
  // On a phone the five columns cannot fit without scrolling sideways: each number becomes a short stacked entry.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Card variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, px: 2, py: 1.5 }}>
        <Typography variant="h6" component="h2">
          Owned Numbers
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={onRefresh} loading={refreshing} loadingPosition="start">
          Refresh
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          Error fetching phone numbers: {failure.serverMessage ?? failure.message}
        </Alert>
      )}
      {loading ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      ) : numbers.length === 0 ? (
        <Box sx={{ px: 2, pb: 4, pt: 2, textAlign: 'center' }}>
          <PhoneIcon color="disabled" sx={{ fontSize: 40 }} />
          <Typography sx={{ mb: 2 }} color="text.secondary">
            You don&apos;t have any phone numbers yet.
          </Typography>
          <Button variant="contained" startIcon={<SearchIcon />} onClick={onSearch}>
            Search New Numbers
          </Button>
        </Box>
      ) : compact ? (
        <NumbersList numbers={numbers} />
      ) : (
        <NumbersTable numbers={numbers} />
      )}
    </Card>
  );
}
