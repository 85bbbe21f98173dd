import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import WebhookIcon from '@mui/icons-material/Webhook';
import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { PageHeader } from '../../components/PageHeader';
import { BusinessCard } from './BusinessCard';
import { DataPolicyCard } from './DataPolicyCard';
import { InviteMembersCard } from './InviteMembersCard';
import { TeamCard } from './TeamCard';

/**
 * Account (spec 001 §2), at /account and /tenant-management: Your Business, Invite Team Members, Your Team and the
 * Data policy, for admins, and the way to the account's webhooks.
 */
export function AccountPage() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <>
      <PageHeader
        title="Account"
        subtitle="Invite team members, manage your team and choose what your account keeps of its calls."
        actions={
          user?.tenantId && (
            <Button component={RouterLink} to="/account/webhooks" variant="outlined" startIcon={<WebhookIcon />}>
              Webhooks
            </Button>
          )
        }
      />
      {user?.tenantId ? (
        <Stack spacing={3}>
          <BusinessCard />
          <InviteMembersCard />
          <TeamCard tenantId={user.tenantId} currentUserId={user.id} />
          <DataPolicyCard />
        </Stack>
      ) : (
        <Alert severity="warning">Account information not available. Please ensure you are logged in.</Alert>
      )}
    </>
  );
}
