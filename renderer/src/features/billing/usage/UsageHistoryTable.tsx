import type { UsageRecord } from '@shared/api/usage.types';
import { formatMoney } from '@shared/domain/format';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { monthLabel } from './usageHistory';

interface UsageHistoryTableProps {
  history: UsageRecord[];
  currency: string;
  loading: boolean;
}

/** Month by month, newest first (spec 001 §2). */
export function UsageHistoryTable({ history, currency, loading }: UsageHistoryTableProps) {
  const newestFirst = [...history].sort((a, b) => b.monthYyyyMm.localeCompare(a.monthYyyyMm));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id="usage-history-title" sx={{ mb: 1 }}>
          Usage History
        </Typography>
        {loading ? (
          <Skeleton height={120} />
        ) : newestFirst.length === 0 ? (
          <Typography color="text.secondary">No usage recorded yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="usage-history-title">
              <TableHead>
                <TableRow>
                  <TableCell>Month</TableCell>
                  <TableCell align="right">Minutes Used</TableCell>
                  <TableCell align="right">Minutes Included</TableCell>
                  <TableCell align="right">Overage Minutes</TableCell>
                  <TableCell align="right">Overage Cost</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {newestFirst.map((record) => (
                  <TableRow key={record.id}>
                    <TableCell>{monthLabel(record.monthYyyyMm)}</TableCell>
                    <TableCell align="right">{record.minutesUsed}</TableCell>
                    <TableCell align="right">{record.minutesIncluded}</TableCell>
                    <TableCell align="right">{record.minutesBillable}</TableCell>
                    <TableCell align="right">{formatMoney(record.billingCost, currency)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
