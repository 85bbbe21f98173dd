import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/**
 * What a registration leads to, whether the address was new or already had an account (the server answers both
 * alike): the next step is in the mailbox.
 */
export function CheckYourEmail({ email }: { email: string }) {
  return (
    <Alert severity="success" role="status">
      <AlertTitle>Check your e-mail</AlertTitle>
      We have sent a message to {email}. Open the link in it to continue, then sign in.
    </Alert>
  );
}
