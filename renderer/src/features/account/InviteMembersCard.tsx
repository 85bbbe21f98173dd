import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { inviteFormSchema, TEAM_ROLES, type InviteForm, type TeamRole } from '@shared/schemas/team.schema';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useInviteMemberMutation } from './teamApi';

export const ROLE_LABELS: Record<TeamRole, string> = { user: 'Member', admin: 'Admin' };

/** Invite Team Members (spec 001 §2): an address and a role; the invitee receives a link by e-mail. */
export function InviteMembersCard() {
  const [invite] = useInviteMemberMutation();
  const { toast } = useToast();
  const { control, handleSubmit, reset, formState, reportServerError } = useSchemaForm<InviteForm>(inviteFormSchema, {
    email: '',
    role: 'user',
  });

  const onSubmit = async (values: InviteForm) => {
    const outcome = await invite({ email: values.email, role: values.role });
    if ('error' in outcome) {
      toast({
        title: 'Error sending invitation',
        description: reportServerError(outcome.error, 'Failed to send invitation.') ?? 'Failed to send invitation.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Invitation sent', description: outcome.data.message });
    reset({ email: '', role: values.role });
  };

  return (
    <Card component="section" aria-labelledby="invite-heading">
      <CardContent>
        <Typography id="invite-heading" variant="h6" component="h2" gutterBottom>
          Invite Team Members
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          They receive an e-mail with a link to join your team; the link works once and expires in 7 days.
        </Typography>
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Invite a team member">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Box sx={{ flex: 1 }}>
              <FormTextField control={control} name="email" label="Email address" type="email" />
            </Box>
            <FormSelectField control={control} name="role" label="Role" sx={{ minWidth: 140 }}>
              {TEAM_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </FormSelectField>
            <Button
              type="submit"
              variant="contained"
              startIcon={<PersonAddIcon />}
              loading={formState.isSubmitting}
              sx={{ height: 56 }}
            >
              Send Invitation
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
