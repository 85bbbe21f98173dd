import { Link as RouterLink } from 'react-router-dom';
import type { PhoneNumber } from '@shared/api/phone-numbers.types';
import { classifyError } from '@shared/domain/error-classifier';
import { formatDate, formatPhoneNumber } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
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

/** The tenant's numbers (spec 000 §2): label, status, created date and the agent each is assigned to. */
export function OwnedNumbersList({ numbers, loading, refreshing, error, onRefresh, onSearch }: OwnedNumbersListProps) {
  const failure = error ? classifyError(error) : null;
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
      ) : (
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
                  <TableCell>{number.label && number.label !== number.phoneNumber ? number.label : '—'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={number.active ? 'Active' : 'Inactive'}
                      color={number.active ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    {number.assigned_agent ? (
                      <>
                        Assigned to{' '}
                        <Link
                          component={RouterLink}
                          to={`/agents/${number.assigned_agent.database_agent_id}/analytics`}
                        >
                          {number.assigned_agent.agent_name}
                        </Link>
                      </>
                    ) : (
                      <Chip size="small" variant="outlined" color="primary" label="Available" />
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(number.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
