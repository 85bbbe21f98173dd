import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { PageHeader } from '../../components/PageHeader';
import { InviteMembersCard } from './InviteMembersCard';
import { TeamCard } from './TeamCard';

/** Account (spec 001 §2), at /account and /tenant-management: Invite Team Members and Your Team, for admins. */
export function AccountPage() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <>
      <PageHeader title="Account" subtitle="Invite team members and manage your team." />
      {user?.tenantId ? (
        <Stack spacing={3}>
          <InviteMembersCard />
          <TeamCard tenantId={user.tenantId} currentUserId={user.id} />
        </Stack>
      ) : (
        <Alert severity="warning">Account information not available. Please ensure you are logged in.</Alert>
      )}
    </>
  );
}
