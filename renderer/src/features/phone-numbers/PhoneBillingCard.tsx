import type { PhoneBillingResponse } from '@shared/api/phone-numbers.types';
import { classifyError } from '@shared/domain/error-classifier';
import { formatMoney, formatCount } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Figure } from '../../components/Figure';

interface PhoneBillingCardProps {
  billing: PhoneBillingResponse | undefined;
  loading: boolean;
  error: unknown;
}

/** What the tenant's numbers cost and whether another can be bought (spec 000 §2 and §6). */
export function PhoneBillingCard({ billing, loading, error }: PhoneBillingCardProps) {
  if (error) {
    const classified = classifyError(error);
    return (
      <Alert severity="error">
        Failed to load phone number billing: {classified.serverMessage ?? classified.message}
      </Alert>
    );
  }
  if (loading || !billing) {
    return (
      <Card variant="outlined">
        <CardContent>
          <Skeleton width={200} />
          <Skeleton height={72} />
        </CardContent>
      </Card>
    );
  }
  const { eligibility, currentCosts, currency } = billing;
  const usedShare = eligibility.maxAllowed > 0 ? (eligibility.currentCount / eligibility.maxAllowed) * 100 : 100;
  return (
    <Card variant="outlined" data-testid="phone-billing-card">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Phone Number Billing
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
          <Figure
            label="Numbers in use"
            value={`${formatCount(eligibility.currentCount)} of ${formatCount(eligibility.maxAllowed)}`}
          />
          <Figure label="Included in plan" value={String(eligibility.includedInPlan)} />
          <Figure label="Cost per extra number" value={`${formatMoney(currentCosts.costPerNumber, currency)}/mo`} />
          <Figure
            label={`Monthly cost (${currentCosts.billableNumbers} billable)`}
            value={formatMoney(currentCosts.totalCost, currency)}
          />
        </Box>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, usedShare)}
          color={eligibility.canPurchase ? 'primary' : 'warning'}
          aria-label="Phone numbers used of the plan's maximum"
          sx={{ height: 8, borderRadius: 4, mb: 2 }}
        />
        <Alert severity={eligibility.canPurchase ? 'info' : 'warning'} data-testid="phone-eligibility">
          {eligibility.reason}
        </Alert>
      </CardContent>
    </Card>
  );
}
