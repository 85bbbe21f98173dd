import { useState } from 'react';
import type { SubscriptionDetails } from '@shared/api/billing.types';
import { formatDate, formatMoney } from '@shared/domain/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DialogConfirmActions } from '../../components/DialogConfirmActions';
import { Figure } from '../../components/Figure';
import { useToast } from '../../components/toasts/useToast';
import { apiRoutes } from '@shared/api/routes';
import { BILLING_ADMINS_ONLY } from '../../core/access';
import { useAppDispatch } from '../../core/hooks';
import { useMayCall } from '../../core/useMayCall';
import { billingChanged, useCancelSubscriptionMutation } from './billingApi';

export const periodEndDate = (subscription: SubscriptionDetails) =>
  formatDate(new Date(subscription.currentPeriodEnd * 1000));

const priceOf = (subscription: SubscriptionDetails) =>
  subscription.items
    .flatMap((item) =>
      item.kind === 'flat' && item.amount !== null
        ? [`${formatMoney(item.amount, item.currency)}/${item.interval === 'year' ? 'yr' : 'mo'}`]
        : [],
    )
    .join(' + ') || 'Usage only';

/** Subscription details with Cancel (at the period end) or Reactivate (spec 001 §2 and §4). */
export function SubscriptionCard({ subscription }: { subscription: SubscriptionDetails | null }) {
  const [confirming, setConfirming] = useState(false);
  const [setCancelAtPeriodEnd, { isLoading }] = useCancelSubscriptionMutation();
  const { toast, toastError } = useToast();
  const dispatch = useAppDispatch();
  const mayChange = useMayCall(apiRoutes.billing.cancelSubscription, 'POST');

  const change = async (cancelAtPeriodEnd: boolean) => {
    try {
      await setCancelAtPeriodEnd({ cancelAtPeriodEnd }).unwrap();
      await dispatch(billingChanged());
      toast({
        title: 'Subscription updated',
        description: cancelAtPeriodEnd
          ? 'Your subscription will end at the end of the billing period.'
          : 'Your subscription continues.',
      });
    } catch (error) {
      toastError(error, 'Subscription');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="subscription-card">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Subscription Details
        </Typography>
        {!subscription ? (
          <Typography color="text.secondary">No active subscription.</Typography>
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mb: 2 }}>
              <Figure label="Price" value={priceOf(subscription)} size="small" />
              <Figure
                label="Current period"
                value={`${formatDate(new Date(subscription.currentPeriodStart * 1000))} – ${periodEndDate(subscription)}`}
                size="small"
              />
              <Figure
                label={subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}
                value={periodEndDate(subscription)}
                size="small"
              />
            </Box>
            {!mayChange ? (
              <Typography variant="body2" color="text.secondary">
                {BILLING_ADMINS_ONLY}
              </Typography>
            ) : subscription.cancelAtPeriodEnd ? (
              <Button variant="contained" onClick={() => void change(false)} loading={isLoading}>
                Reactivate Subscription
              </Button>
            ) : (
              subscription.status !== 'canceled' && (
                <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                  Cancel Subscription
                </Button>
              )
            )}
          </>
        )}
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancel-subscription-title">
        <DialogTitle id="cancel-subscription-title">Cancel Subscription?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your subscription continues until the end of the current billing period
            {subscription ? ` (${periodEndDate(subscription)})` : ''}, then ends. You can reactivate it until then.
          </DialogContentText>
        </DialogContent>
        <DialogConfirmActions
          confirmLabel="Cancel at Period End"
          onConfirm={() => void change(true)}
          onCancel={() => setConfirming(false)}
          busy={isLoading}
        />
      </Dialog>
    </Card>
  );
}
