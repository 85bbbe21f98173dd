import { useState } from 'react';
import type { PendingInvitation, TeamMember } from '@shared/api/team.types';
import { formatDate } from '@shared/domain/format';
import { TEAM_ROLES, type TeamRole } from '@shared/schemas/team.schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { ROLE_LABELS } from './InviteMembersCard';
import {
  useChangeMemberRoleMutation,
  useGetTeamQuery,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from './teamApi';

/** The theme's error red is too light for small text on white (WCAG AA); its dark shade is not. */
const DESTRUCTIVE = { color: 'error.dark' } as const;

interface TeamCardProps {
  tenantId: string;
  /** The signed-in user, who can neither remove themselves nor change their own role. */
  currentUserId: string;
}

function roleLabel(role: TeamMember['role']): string {
  return role === 'superadmin' ? 'Superadmin' : ROLE_LABELS[role];
}

/** On a phone the e-mail column gives way, and each address sits under its name instead. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function NarrowOnlyEmail({ email }: { email: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' }, overflowWrap: 'anywhere' }}>
      {email}
    </Typography>
  );
}

/** Your Team (spec 001 §2): members with their roles, removal under the spec's rules, and pending invitations. */
export function TeamCard({ tenantId, currentUserId }: TeamCardProps) {
  const team = useGetTeamQuery(tenantId);
  const [changeRole] = useChangeMemberRoleMutation();
  const [removeMember, removal] = useRemoveMemberMutation();
  const [resend] = useResendInvitationMutation();
  const [revoke] = useRevokeInvitationMutation();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const { toast } = useToast();

  const failed = (title: string, error: unknown, fallback: string) =>
    toast({ title, description: serverMessageOr(error, fallback), variant: 'destructive' });

  const onRoleChange = async (member: TeamMember, role: TeamRole) => {
    const outcome = await changeRole({ tenantId, userId: member.id, role });
    if ('error' in outcome) failed('Error', outcome.error, 'Failed to change the role.');
    else toast({ title: 'Role updated', description: `${member.username} is now ${ROLE_LABELS[role].toLowerCase()}.` });
  };

  const onRemove = async () => {
    if (!removing) return;
    const outcome = await removeMember({ tenantId, userId: removing.id });
    if ('error' in outcome) failed('Error', outcome.error, 'Failed to remove user.');
    else toast({ title: 'User removed', description: `${removing.username} no longer has access.` });
    setRemoving(null);
  };

  const onResend = async (invitation: PendingInvitation) => {
    const outcome = await resend({ tenantId, invitationId: invitation.id });
    if ('error' in outcome) failed('Error sending invitation', outcome.error, 'Failed to send invitation.');
    else toast({ title: 'Invitation sent', description: outcome.data.message });
  };

  const onRevoke = async (invitation: PendingInvitation) => {
    const outcome = await revoke({ tenantId, invitationId: invitation.id });
    if ('error' in outcome) failed('Error', outcome.error, 'Failed to revoke the invitation.');
    else
      toast({
        title: 'Invitation revoked',
        description: `The link sent to ${invitation.inviteeEmail} no longer works.`,
      });
  };

  const canManage = (member: TeamMember) =>
    member.id !== currentUserId && !member.isTenantOwner && member.role !== 'superadmin';

  return (
    <Card component="section" aria-labelledby="team-heading">
      <CardContent>
        <Typography id="team-heading" variant="h6" component="h2" gutterBottom>
          Your Team
        </Typography>
        {team.isLoading && <Skeleton variant="rounded" height={120} />}
        {team.isError && <Alert severity="error">Failed to fetch tenant users.</Alert>}
        {team.data && (
          <TableContainer>
            <Table aria-label="Your team">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell sx={WIDE_ONLY}>Email</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {team.data.users.map((member) => (
                  <TableRow key={member.id}>
                    <TableCell>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{member.username}</span>
                        {member.isTenantOwner && <Chip size="small" label="Owner" color="primary" />}
                        {member.id === currentUserId && <Chip size="small" variant="outlined" label="You" />}
                      </Stack>
                      <NarrowOnlyEmail email={member.email} />
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{member.email}</TableCell>
                    <TableCell>
                      {canManage(member) ? (
                        <TextField
                          select
                          size="small"
                          value={member.role}
                          onChange={(event) => void onRoleChange(member, event.target.value as TeamRole)}
                          slotProps={{ htmlInput: { 'aria-label': `Role of ${member.username}` } }}
                        >
                          {TEAM_ROLES.map((role) => (
                            <MenuItem key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        roleLabel(member.role)
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {canManage(member) && (
                        <Button size="small" sx={DESTRUCTIVE} onClick={() => setRemoving(member)}>
                          Remove
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
                {team.data.invitations.map((invitation) => (
                  <TableRow key={invitation.id}>
                    <TableCell>
                      <Chip size="small" variant="outlined" color="warning" label="Invitation pending" />
                      <NarrowOnlyEmail email={invitation.inviteeEmail} />
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{invitation.inviteeEmail}</TableCell>
                    <TableCell>
                      {ROLE_LABELS[invitation.role]}
                      <Typography variant="body2" color="text.secondary">
                        Expires {formatDate(invitation.expiresAt)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => void onResend(invitation)}>
                        Resend
                      </Button>
                      <Button size="small" sx={DESTRUCTIVE} onClick={() => void onRevoke(invitation)}>
                        Revoke
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remove team member"
        message={`Remove ${removing?.username ?? ''} (${removing?.email ?? ''}) from your team? They are signed out at once.`}
        confirmLabel="Remove"
        busy={removal.isLoading}
        onConfirm={() => void onRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
