import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/**
 * What a registration leads to, whether the address was new or already had an account (the server answers both
 * alike): the next step is in the mailbox. An accepted invitation proved the address already: its invitee signs in.
 */
export function CheckYourEmail({ email, invited = false }: { email: string; invited?: boolean }) {
  if (invited) {
    return (
      <Alert severity="success" role="status">
        <AlertTitle>Invitation accepted</AlertTitle>
        Sign in with {email} and the password you chose. We have sent a welcome message to that address.
      </Alert>
    );
  }
  return (
    <Alert severity="success" role="status">
      <AlertTitle>Check your e-mail</AlertTitle>
      We have sent a message to {email}. Open the link in it to continue, then sign in.
    </Alert>
  );
}
