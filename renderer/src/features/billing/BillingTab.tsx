import { accountStatusBadge } from '@shared/domain/billing-badge';
import { formatMoney } from '@shared/domain/format';
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
import { PaymentMethodsCard } from './PaymentMethodsCard';
import { StatusBadge } from '../../components/billing/StatusBadge';
import { periodEndDate, SubscriptionCard } from './SubscriptionCard';

export const DELINQUENT_NOTICE = 'Your payment failed or is past due. Please update your payment method.';
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
          {billing.billingStatus === 'delinquent' ? DELINQUENT_NOTICE : MISSING_CARD_NOTICE}
        </Alert>
      )}
      {details?.cancelAtPeriodEnd && (
        <Alert severity="warning" data-testid="cancel-banner">
          Your subscription is set to end on {periodEndDate(details)}. Reactivate it to keep your service after that
          date.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Card variant="outlined" data-testid="account-status-card">
          <CardContent>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
              <Typography variant="h6" component="h2">
                Account Status
              </Typography>
              <StatusBadge badge={accountStatusBadge(details?.status, billing.billingStatus)} testId="status-badge" />
            </Stack>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              <Figure label="Plan" value={billing.plan || 'Standard'} size="small" />
              <Figure label="Payment method" value={billing.hasPaymentMethod ? 'On file' : 'Missing'} size="small" />
            </Box>
          </CardContent>
        </Card>
        {limits.error ? (
          <Alert severity="error">Failed to fetch plan limits</Alert>
        ) : !limits.data ? (
          <LoadingCard />
        ) : (
          <Card variant="outlined" data-testid="plan-details-card">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Plan Details
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
                <Figure label="Monthly minutes" value={limits.data.limits.minutesIncluded} size="small" />
                <Figure
                  label="Overage rate"
                  value={`${formatMoney(limits.data.limits.overageRatePerMinute, usage.data?.currency)}/min`}
                  size="small"
                />
              </Box>
            </CardContent>
          </Card>
        )}
        {usage.error ? (
          <Alert severity="error">Failed to fetch current usage</Alert>
        ) : !usage.data ? (
          <LoadingCard />
        ) : (
          <Card variant="outlined" data-testid="current-usage-card">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Current Usage
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
                <Figure
                  label="Minutes used"
                  value={`${usage.data.usage.minutesUsed} of ${usage.data.usage.minutesIncluded}`}
                  size="small"
                />
                <Figure
                  label="Overage cost"
                  value={formatMoney(usage.data.usage.billingCost, usage.data.currency)}
                  size="small"
                />
              </Box>
            </CardContent>
          </Card>
        )}
        {subscription.error ? (
          <Alert severity="error">Failed to fetch subscription details</Alert>
        ) : subscription.isLoading ? (
          <LoadingCard />
        ) : (
          <SubscriptionCard subscription={details} />
        )}
      </Box>
      <PaymentMethodsCard paymentMethods={billing.paymentMethods} />
    </Stack>
  );
}
