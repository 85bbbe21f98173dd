import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/sessionSlice';
import { CenteredLayout } from '../../components/CenteredLayout';
import { logout } from '../auth';

/**
 * Plan setup (spec 001 §2), outside the frame; the billing gate sends tenants here until billing is active. The plan
 * list and activation are built by the billing feature; the way out (Log out) must stay.
 */
export function BillingSetupPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  return (
    <CenteredLayout
      title="Complete Your Setup"
      subtitle="Choose a plan and add a payment method to activate your account."
      maxWidth={640}
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
        Signed in as {user?.email}
      </Typography>
      <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => void dispatch(logout())}>
        Log out
      </Button>
    </CenteredLayout>
  );
}
