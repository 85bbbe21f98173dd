import { useState } from 'react';
import type { AdminTenantBillingRow } from '@shared/api/admin-billing.types';
import type { Plan } from '@shared/api/plans.types';
import { billingStatusBadge } from '@shared/domain/billing-badge';
import type { BillingStatus } from '@shared/domain/roles';
import { ADMIN_SETTABLE_BILLING_STATUSES, type TenantBillingUpdate } from '@shared/schemas/billing.schema';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { refreshAccessToken } from '../../core/baseApi';
import { useAppDispatch } from '../../core/hooks';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useUpdateTenantBillingMutation } from './adminBillingApi';

interface TenantBillingDialogProps {
  tenant: AdminTenantBillingRow | null;
  plans: Plan[];
  onClose: () => void;
}

/** Changes one tenant's billing status or plan; each change is saved on its own. */
export function TenantBillingDialog({ tenant, plans, onClose }: TenantBillingDialogProps) {
  return (
    <Dialog open={Boolean(tenant)} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="tenant-billing-title">
      {tenant && <TenantBillingForm key={tenant.id} tenant={tenant} plans={plans} onClose={onClose} />}
    </Dialog>
  );
}

function TenantBillingForm({
  tenant,
  plans,
  onClose,
}: {
  tenant: AdminTenantBillingRow;
  plans: Plan[];
  onClose: () => void;
}) {
  const [billingStatus, setBillingStatus] = useState<BillingStatus>(tenant.billingStatus);
  const [planId, setPlanId] = useState(tenant.planId);
  const [update, { isLoading }] = useUpdateTenantBillingMutation();
  const dispatch = useAppDispatch();
  const { toast } = useToast();

  const save = async (change: Partial<TenantBillingUpdate>) => {
    try {
      await update({ tenantId: tenant.id, ...change }).unwrap();
      // The token carries billing (spec 001 §4): renewed after an admin plan change too.
      await dispatch(refreshAccessToken());
      toast({ title: 'Tenant billing updated successfully', description: tenant.name });
      onClose();
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to update tenant billing'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <DialogTitle id="tenant-billing-title">Tenant Billing: {tenant.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <TextField
              select
              label="Billing status"
              value={billingStatus}
              onChange={(event) => setBillingStatus(event.target.value as BillingStatus)}
              fullWidth
            >
              {ADMIN_SETTABLE_BILLING_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {billingStatusBadge(status).label}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              onClick={() => void save({ billingStatus: billingStatus as TenantBillingUpdate['billingStatus'] })}
              disabled={billingStatus === tenant.billingStatus}
              loading={isLoading}
            >
              Save Status
            </Button>
          </Stack>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <TextField select label="Plan" value={planId} onChange={(event) => setPlanId(event.target.value)} fullWidth>
              {plans.map((plan) => (
                <MenuItem key={plan.id} value={plan.id}>
                  {plan.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              onClick={() => void save({ planId })}
              disabled={planId === tenant.planId}
              loading={isLoading}
            >
              Save Plan
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
