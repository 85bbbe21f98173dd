import { useState } from 'react';
import type { Plan } from '@shared/api/plans.types';
import { formatMoney } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import SyncIcon from '@mui/icons-material/Sync';
import { PageHeader } from '../../components/PageHeader';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useGetAdminPlansQuery, useSyncPlanMutation } from './adminBillingApi';
import { PlanFormDialog } from './PlanFormDialog';

/** Admin plan management (/admin/plans, spec 001 §2): the catalogue, its dialogs and the provider sync. */
export function AdminPlansPage() {
  const plans = useGetAdminPlansQuery();
  const [dialog, setDialog] = useState<{ plan: Plan | null } | null>(null);
  const [syncPlan, syncing] = useSyncPlanMutation();
  const { toast } = useToast();

  const onSync = async (plan: Plan) => {
    try {
      await syncPlan(plan.id).unwrap();
      toast({ title: 'Plan synced to the payment provider successfully', description: plan.name });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to sync plan to payment provider'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <PageHeader
        title="Admin Plans"
        subtitle="The plan catalogue tenants choose from."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ plan: null })}>
            Create Plan
          </Button>
        }
      />
      {plans.error ? (
        <Alert severity="error">Failed to load plans</Alert>
      ) : !plans.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Card variant="outlined">
          <TableContainer>
            <Table aria-label="Plans" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Plan</TableCell>
                  <TableCell align="right">Monthly</TableCell>
                  <TableCell align="right">Minutes</TableCell>
                  <TableCell align="right">Overage</TableCell>
                  <TableCell align="right">Agents / Numbers / Campaigns</TableCell>
                  <TableCell>Support</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Payment Provider</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {plans.data.map((plan) => (
                  <TableRow key={plan.id} data-testid={`plan-row-${plan.id}`}>
                    <TableCell>
                      <strong>{plan.name}</strong>
                      <br />
                      <code>{plan.id}</code>
                    </TableCell>
                    <TableCell align="right">{formatMoney(plan.basePriceMonthly, plan.currency)}</TableCell>
                    <TableCell align="right">{plan.minutesIncluded}</TableCell>
                    <TableCell align="right">{formatMoney(plan.overageRatePerMinute, plan.currency)}/min</TableCell>
                    <TableCell align="right">
                      {plan.maxAgents} / {plan.maxPhoneNumbers} / {plan.maxCampaigns}
                    </TableCell>
                    <TableCell sx={{ textTransform: 'capitalize' }}>{plan.supportLevel}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={plan.active ? 'Active' : 'Inactive'}
                        color={plan.active ? 'success' : 'default'}
                        variant={plan.active ? 'filled' : 'outlined'}
                      />
                    </TableCell>
                    <TableCell>
                      {plan.stripeProductId ? (
                        <Chip size="small" color="success" label="Synced" />
                      ) : (
                        <Chip size="small" color="warning" label="Not Synced" />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                        {!plan.stripeProductId && (
                          <Button
                            size="small"
                            startIcon={<SyncIcon />}
                            onClick={() => void onSync(plan)}
                            loading={syncing.isLoading && syncing.originalArgs === plan.id}
                          >
                            Sync
                          </Button>
                        )}
                        <IconButton aria-label={`Edit ${plan.name}`} onClick={() => setDialog({ plan })} size="small">
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <PlanFormDialog open={Boolean(dialog)} plan={dialog?.plan ?? null} onClose={() => setDialog(null)} />
    </>
  );
}
