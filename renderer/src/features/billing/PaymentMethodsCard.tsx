import { useState } from 'react';
import type { PaymentMethodSummary } from '@shared/api/billing.types';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCardIcon from '@mui/icons-material/AddCard';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { apiRoutes } from '@shared/api/routes';
import { useToast } from '../../components/toasts/useToast';
import { BILLING_ADMINS_ONLY } from '../../core/access';
import { useMayCall } from '../../core/useMayCall';
import { useCreatePortalSessionMutation } from './billingApi';
import { AddPaymentMethodDialog } from './card-entry/AddPaymentMethodDialog';

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** The cards on file, Manage Billing (the provider's portal) and Add Payment Method (spec 001 §2). */
export function PaymentMethodsCard({ paymentMethods }: { paymentMethods: PaymentMethodSummary[] }) {
  const [adding, setAdding] = useState(false);
  const [openPortal, portal] = useCreatePortalSessionMutation();
  const { toastError } = useToast();
  const mayAddCard = useMayCall(apiRoutes.billing.setupIntent, 'POST');
  const mayOpenPortal = useMayCall(apiRoutes.billing.createPortalSession, 'POST');

  const manageBilling = async () => {
    try {
      window.location.assign((await openPortal().unwrap()).url);
    } catch (error) {
      toastError(error, 'Manage Billing');
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Payment Methods
        </Typography>
        {paymentMethods.length === 0 ? (
          <Typography color="text.secondary">No payment method on file.</Typography>
        ) : (
          <List dense aria-label="Payment methods" disablePadding>
            {paymentMethods.map((method) => (
              <ListItem
                key={method.id}
                disableGutters
                secondaryAction={method.isDefault ? <Chip size="small" label="Default" color="primary" /> : null}
              >
                <ListItemText
                  primary={`${brandName(method.brand)} •••• ${method.last4}`}
                  secondary={`Expires ${String(method.expiryMonth).padStart(2, '0')}/${method.expiryYear}`}
                />
              </ListItem>
            ))}
          </List>
        )}
        {mayAddCard || mayOpenPortal ? (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
            {mayAddCard && (
              <Button variant="contained" startIcon={<AddCardIcon />} onClick={() => setAdding(true)}>
                Add Payment Method
              </Button>
            )}
            {mayOpenPortal && (
              <Button
                variant="outlined"
                startIcon={<OpenInNewIcon />}
                onClick={() => void manageBilling()}
                loading={portal.isLoading}
              >
                Manage Billing
              </Button>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {BILLING_ADMINS_ONLY}
          </Typography>
        )}
      </CardContent>
      <AddPaymentMethodDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
