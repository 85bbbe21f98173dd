import type { ReactNode } from 'react';
import { accountStatusBadge } from '@shared/domain/billing-badge';
import type { UnpaidInvoice } from '@shared/api/billing.types';
import { formatCount, formatDate, formatMoney } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Figure } from '../../components/Figure';
import {
  useGetBillingStatusQuery,
  useGetCurrentUsageQuery,
  useGetSubscriptionQuery,
  useGetUsageLimitsQuery,
} from './billingApi';
import { InvoicesCard } from './InvoicesCard';
import { PaymentMethodsCard } from './PaymentMethodsCard';
import { StatusBadge } from '../../components/billing/StatusBadge';
import { periodEndDate, SubscriptionCard } from './SubscriptionCard';

export const DELINQUENT_NOTICE = 'Your payment failed or is past due. Please update your payment method.';

/** Spec 001's failed-payment notice, with what is owed and since when once the provider says. */
export function delinquentNotice(unpaid: UnpaidInvoice | null | undefined): string {
  if (!unpaid) return DELINQUENT_NOTICE;
  return `${DELINQUENT_NOTICE} ${formatMoney(unpaid.amountDue, unpaid.currency)} has been due since ${formatDate(unpaid.dueSince)}.`;
}
export const MISSING_CARD_NOTICE = 'Please add a payment method to activate your account.';

function LoadingCard() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Skeleton width={180} />
        <Skeleton height={64} />
      </CardContent>
    </Card>
  );
}

/** A query's card once it has loaded; until then a placeholder, and on failure the given message. */
function whenLoaded<T>(query: { error?: unknown; data?: T }, failure: string, render: (data: T) => ReactNode) {
  if (query.error) return <Alert severity="error">{failure}</Alert>;
  if (!query.data) return <LoadingCard />;
  return render(query.data);
}

/** A titled card of figures in two columns, with an optional badge beside the title. */
function FiguresCard({
  title,
  testId,
  badge,
  children,
}: {
  title: string;
  testId: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {badge}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** The Billing & Subscription tab (spec 001 §2). */
export function BillingTab() {
  const status = useGetBillingStatusQuery();
  const subscription = useGetSubscriptionQuery();
  const limits = useGetUsageLimitsQuery();
  const usage = useGetCurrentUsageQuery();

  if (status.error) return <Alert severity="error">Failed to fetch billing status</Alert>;
  if (!status.data) return <LoadingCard />;
  const billing = status.data;
  const details = subscription.data?.subscription ?? null;
  const needsCard = billing.billingStatus === 'delinquent' || !billing.hasPaymentMethod;

  return (
    <Stack spacing={3}>
      {needsCard && (
        <Alert severity={billing.billingStatus === 'delinquent' ? 'error' : 'warning'} data-testid="billing-notice">
          {billing.billingStatus === 'delinquent' ? delinquentNotice(billing.unpaidInvoice) : MISSING_CARD_NOTICE}
        </Alert>
      )}
      {details?.cancelAtPeriodEnd && (
        <Alert severity="warning" data-testid="cancel-banner">
          Your subscription is set to end on {periodEndDate(details)}. Reactivate it to keep your service after that
          date.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <FiguresCard
          title="Account Status"
          testId="account-status-card"
          badge={
            <StatusBadge badge={accountStatusBadge(details?.status, billing.billingStatus)} testId="status-badge" />
          }
        >
          <Figure label="Plan" value={billing.plan || 'Standard'} size="small" />
          <Figure label="Payment method" value={billing.hasPaymentMethod ? 'On file' : 'Missing'} size="small" />
        </FiguresCard>
        {whenLoaded(limits, 'Failed to fetch plan limits', ({ limits: plan, currency }) => (
          <FiguresCard title="Plan Details" testId="plan-details-card">
            <Figure label="Monthly minutes" value={plan.minutesIncluded} size="small" />
            <Figure
              label="Overage rate"
              value={`${formatMoney(plan.overageRatePerMinute, currency)}/min`}
              size="small"
            />
          </FiguresCard>
        ))}
        {whenLoaded(usage, 'Failed to fetch current usage', ({ usage: current, currency }) => (
          <FiguresCard title="Current Usage" testId="current-usage-card">
            <Figure
              label="Minutes used"
              value={`${formatCount(current.minutesUsed)} of ${formatCount(current.minutesIncluded)}`}
              size="small"
            />
            <Figure label="Overage cost" value={formatMoney(current.billingCost, currency)} size="small" />
          </FiguresCard>
        ))}
        {whenLoaded(subscription, 'Failed to fetch subscription details', () => (
          <SubscriptionCard subscription={details} />
        ))}
      </Box>
      <PaymentMethodsCard paymentMethods={billing.paymentMethods} />
      <InvoicesCard />
    </Stack>
  );
}
