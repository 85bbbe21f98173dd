import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { invoiceStatusBadge } from '@shared/domain/billing-badge';
import { formatDate, formatMoney } from '@shared/domain/format';
import { StatusBadge } from '../../components/billing/StatusBadge';
import { useGetInvoicesQuery } from './billingApi';

/** The tenant's invoices at the payment provider, newest first, each with its amount, status and the provider's page. */
export function InvoicesCard() {
  const { data, error } = useGetInvoicesQuery();
  return (
    <Card variant="outlined" component="section" aria-labelledby="invoices-heading">
      <CardContent>
        <Typography id="invoices-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Invoices
        </Typography>
        {error ? (
          <Alert severity="error">Failed to fetch invoices</Alert>
        ) : !data ? (
          <Skeleton height={96} />
        ) : data.invoices.length === 0 ? (
          <Typography color="text.secondary">No invoices yet.</Typography>
        ) : (
          <TableContainer tabIndex={0} aria-labelledby="invoices-heading">
            <Table size="small" aria-label="Invoices">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Invoice</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.invoices.map((invoice) => (
                  <TableRow key={invoice.id}>
                    <TableCell>{formatDate(invoice.createdAt)}</TableCell>
                    <TableCell align="right">{formatMoney(invoice.amountDue, invoice.currency)}</TableCell>
                    <TableCell>
                      <StatusBadge badge={invoiceStatusBadge(invoice.status, invoice.attemptCount)} />
                    </TableCell>
                    <TableCell>
                      {invoice.hostedInvoiceUrl ? (
                        <Link href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
                          {invoice.number ?? 'View'}
                        </Link>
                      ) : (
                        (invoice.number ?? '—')
                      )}
                    </TableCell>
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
