import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { billingStatusBadge } from '@shared/domain/billing-badge';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCardIcon from '@mui/icons-material/AddCard';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { apiRoutes } from '@shared/api/routes';
import { BILLING_ADMINS_ONLY } from '../../core/access';
import { useMayCall } from '../../core/useMayCall';
import { CenteredLayout } from '../../components/CenteredLayout';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { logout } from '../auth';
import {
  billingChanged,
  useCreatePortalSessionMutation,
  useCreateSubscriptionMutation,
  useGetBillingStatusQuery,
  useGetVisiblePlansQuery,
} from './billingApi';
import { AddPaymentMethodDialog } from './card-entry/AddPaymentMethodDialog';
import { delinquentNotice } from './BillingTab';
import { PlanChoice } from './PlanChoice';
import { StatusBadge } from '../../components/billing/StatusBadge';

/**
 * Plan setup (spec 001 §2), outside the frame; the billing gate sends tenants here until billing is active. A plan
 * and a card on file activate the subscription, and the tenant goes on to the dashboard.
 */
export function BillingSetupPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const status = useGetBillingStatusQuery();
  const plans = useGetVisiblePlansQuery();
  const [chosenPlanId, setChosenPlanId] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [activate, activation] = useCreateSubscriptionMutation();
  const [finishing, setFinishing] = useState(false);
  const { toast } = useToast();
  const mayActivate = useMayCall(apiRoutes.billing.subscription, 'POST');
  const mayAddCard = useMayCall(apiRoutes.billing.setupIntent, 'POST');
  const mayOpenPortal = useMayCall(apiRoutes.billing.createPortalSession, 'POST');
  const [openPortal, portal] = useCreatePortalSessionMutation();

  if (status.data?.billingStatus === 'active' && !finishing) return <Navigate to="/" replace />;

  // A returning customer keeps the plan they had; a new one starts on the first visible plan, until they pick another.
  const billingStatus = status.data?.billingStatus;
  const returning = billingStatus === 'delinquent' || billingStatus === 'canceled';
  const currentPlanId = returning ? status.data?.planId : undefined;
  const selectedPlan =
    plans.data?.find((plan) => plan.id === (chosenPlanId ?? currentPlanId)) ?? plans.data?.[0] ?? null;
  const hasCard = status.data?.hasPaymentMethod ?? false;

  const fixCardInPortal = async () => {
    try {
      window.location.assign((await openPortal().unwrap()).url);
    } catch (error) {
      toast({
        title: 'Manage Billing',
        description: serverMessageOr(error, 'The billing portal could not be opened.'),
      });
    }
  };

  const onActivate = async () => {
    if (!selectedPlan) {
      toast({ title: 'Error', description: 'No plan selected', variant: 'destructive' });
      return;
    }
    setFinishing(true);
    try {
      await activate({
        planId: selectedPlan.id,
        planConfig: {
          amount: selectedPlan.basePriceMonthly,
          currency: selectedPlan.currency,
          interval: 'month',
          name: selectedPlan.name,
        },
      }).unwrap();
      await dispatch(billingChanged());
      toast({ title: 'Subscription activated!', description: `You are on the ${selectedPlan.name} plan.` });
      void navigate('/', { replace: true });
    } catch (error) {
      setFinishing(false);
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to activate subscription'),
        variant: 'destructive',
      });
    }
  };

  return (
    <CenteredLayout
      title="Complete Your Setup"
      subtitle="Choose a plan and add a payment method to activate your account."
      maxWidth={680}
    >
      <Stack spacing={3}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Account status
          </Typography>
          {status.data ? (
            <StatusBadge badge={billingStatusBadge(status.data.billingStatus)} testId="setup-status-badge" />
          ) : (
            <Skeleton width={120} />
          )}
          <Typography variant="body2" color="text.secondary">
            Signed in as {user?.email}
          </Typography>
        </Stack>
        {status.error && <Alert severity="error">Failed to fetch billing status</Alert>}
        {returning && (
          <Alert
            severity={billingStatus === 'delinquent' ? 'error' : 'warning'}
            data-testid="setup-returning-notice"
            action={
              mayOpenPortal && billingStatus === 'delinquent' ? (
                <Button color="inherit" size="small" onClick={() => void fixCardInPortal()} loading={portal.isLoading}>
                  Update Payment Method
                </Button>
              ) : undefined
            }
          >
            {billingStatus === 'delinquent'
              ? delinquentNotice(status.data?.unpaidInvoice)
              : `Your subscription has been canceled. Choose a plan to reactivate it${status.data?.plan ? ` (you were on ${status.data.plan})` : ''}.`}
          </Alert>
        )}

        <section aria-labelledby="choose-plan-title">
          <Typography id="choose-plan-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
            Choose a plan
          </Typography>
          {plans.error ? (
            <Alert severity="error">Unable to load plan details</Alert>
          ) : !plans.data ? (
            <Skeleton variant="rounded" height={160} />
          ) : (
            <PlanChoice plans={plans.data} value={selectedPlan?.id ?? null} onChange={setChosenPlanId} />
          )}
        </section>

        <section aria-labelledby="payment-method-title">
          <Typography id="payment-method-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Payment method
          </Typography>
          {hasCard ? (
            <Alert severity="success" data-testid="card-on-file">
              {status.data?.paymentMethods
                .filter((method) => method.isDefault)
                .map((method) => `Card on file: ${method.brand} •••• ${method.last4}`)[0] ?? 'A card is on file.'}
            </Alert>
          ) : (
            <Alert severity="warning">Please add a payment method to activate your account.</Alert>
          )}
          {mayAddCard && (
            <Button variant="outlined" startIcon={<AddCardIcon />} onClick={() => setAddingCard(true)} sx={{ mt: 1.5 }}>
              {hasCard ? 'Use Another Card' : 'Add Payment Method'}
            </Button>
          )}
        </section>

        {!(mayActivate && mayAddCard) && <Alert severity="info">{BILLING_ADMINS_ONLY}</Alert>}

        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', pt: 1 }}>
          <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => void dispatch(logout())}>
            Log out
          </Button>
          {mayActivate && (
            <Button
              variant="contained"
              size="large"
              onClick={() => void onActivate()}
              loading={activation.isLoading || finishing}
              disabled={!hasCard || !selectedPlan}
            >
              Activate
            </Button>
          )}
        </Stack>
      </Stack>
      <AddPaymentMethodDialog open={addingCard} onClose={() => setAddingCard(false)} />
    </CenteredLayout>
  );
}
