import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { classifyError } from '@shared/domain/error-classifier';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { emailVerified, selectSessionStatus } from '../../core/sessionSlice';
import { CenteredLayout } from '../../components/CenteredLayout';
import { InlineSpinner } from '../../components/FullPageSpinner';
import { useVerifyEmailMutation } from '../auth';

export const MISSING_VERIFY_TOKEN = 'Verification token is missing. Please use the link from your email.';
const VERIFY_FAILED = 'Failed to verify email. Please try again or contact support.';

type VerifyState =
  { phase: 'verifying' } | { phase: 'verified' } | { phase: 'failed'; message: string; detail?: string | null };

/** /verify-email?token=…: verifies on load, with retry and a way back to sign-in (spec 001 §2 and §4). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || '';
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSessionStatus) === 'authenticated';
  const [verify] = useVerifyEmailMutation();
  const [state, setState] = useState<VerifyState>(
    token ? { phase: 'verifying' } : { phase: 'failed', message: MISSING_VERIFY_TOKEN },
  );
  const started = useRef<string | null>(null);

  const run = useCallback(async () => {
    setState({ phase: 'verifying' });
    try {
      await verify({ token }).unwrap();
      dispatch(emailVerified());
      setState({ phase: 'verified' });
    } catch (error) {
      const classified = classifyError(error);
      const detail =
        classified.kind === 'network' || classified.kind === 'timeout' ? classified.message : classified.serverMessage;
      setState({ phase: 'failed', message: VERIFY_FAILED, detail });
    }
  }, [verify, token, dispatch]);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    void run();
  }, [token, run]);

  return (
    <CenteredLayout title="Verify your email">
      {state.phase === 'verifying' && <InlineSpinner label="Verifying your email address..." />}
      {state.phase === 'verified' && (
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success" icon={<CheckCircleOutlineIcon />} sx={{ width: '100%' }}>
            Email verified. Your e-mail address has been verified.
          </Alert>
          <Button component={RouterLink} to={signedIn ? '/' : '/auth'} variant="contained" fullWidth size="large">
            {signedIn ? 'Go to Dashboard' : 'Continue to login'}
          </Button>
        </Stack>
      )}
      {state.phase === 'failed' && (
        <Stack spacing={2}>
          <Alert severity="error">
            {state.detail ? <AlertTitle>{state.message}</AlertTitle> : state.message}
            {state.detail}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {token && (
              <Button variant="contained" onClick={() => void run()}>
                Try Again
              </Button>
            )}
            <Button component={RouterLink} to="/auth" variant="outlined">
              Back to login
            </Button>
          </Stack>
        </Stack>
      )}
    </CenteredLayout>
  );
}
