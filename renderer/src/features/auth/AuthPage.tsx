import { Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { SESSION_EXPIRED_MESSAGE } from '@shared/domain/error-classifier';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../core/hooks';
import { lazyComponent } from '../../core/lazyComponent';
import { selectSession } from '../../core/sessionSlice';
import { ConnectionBanner } from '../../components/connectivity/ConnectionBanner';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { DeferredMount } from '../../components/DeferredMount';
import { CHECKING_AUTHENTICATION } from '../../components/RequireAuth';
import { CheckYourEmail } from './CheckYourEmail';
import { LoginForm } from './LoginForm';
import { MarketingPanel } from './MarketingPanel';

// Neither is on the screen when /auth opens: they load when the Register tab or Forgot password is chosen.
const RegisterForm = lazyComponent(() => import('./RegisterForm'), 'RegisterForm');
const ForgotPasswordDialog = lazyComponent(() => import('./ForgotPasswordDialog'), 'ForgotPasswordDialog');

type AuthTab = 'login' | 'register';

/**
 * /auth: login and register tabs beside the marketing panel (spec 000 §2, spec 001 §2); after an expired session or a
 * failed refresh it says so until the user signs in again (spec 000 §8).
 */
export function AuthPage() {
  const { status, endedReason } = useAppSelector(selectSession);
  const location = useLocation();
  const [tab, setTab] = useState<AuthTab>('login');
  // Set after a registration, here or on /register: the login tab then says where the next step is.
  const [registeredEmail, setRegisteredEmail] = useState(
    () => (location.state as { registeredEmail?: string } | null)?.registeredEmail ?? '',
  );
  const invited = (location.state as { invited?: boolean } | null)?.invited ?? false;
  const [loginEmail, setLoginEmail] = useState(registeredEmail);
  const [loginFormKey, setLoginFormKey] = useState(0);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);

  if (status === 'restoring') return <FullPageSpinner label={CHECKING_AUTHENTICATION} />;
  if (status === 'authenticated') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/'} replace />;
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <MarketingPanel />
      <Box sx={{ display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <ConnectionBanner />
        <Box
          component="main"
          sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: { xs: 4, md: 6 } }}
        >
          <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
            <Typography variant="h5" component="h1">
              {tab === 'login' ? 'Welcome back' : 'Create your account'}
            </Typography>
            <Typography color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
              {tab === 'login' ? 'Sign in to manage your voice agents.' : 'Set up Parley for your business in minutes.'}
            </Typography>
            {endedReason === 'expired' && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {SESSION_EXPIRED_MESSAGE}
              </Alert>
            )}
            <Tabs
              value={tab}
              onChange={(_, value: AuthTab) => setTab(value)}
              variant="fullWidth"
              sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab label="Login" value="login" id="auth-tab-login" aria-controls="auth-panel-login" />
              <Tab label="Register" value="register" id="auth-tab-register" aria-controls="auth-panel-register" />
            </Tabs>
            <div role="tabpanel" id="auth-panel-login" aria-labelledby="auth-tab-login" hidden={tab !== 'login'}>
              {tab === 'login' && registeredEmail && (
                <Box sx={{ mb: 2 }}>
                  <CheckYourEmail email={registeredEmail} invited={invited} />
                </Box>
              )}
              {tab === 'login' && (
                <LoginForm
                  key={loginFormKey}
                  defaultEmail={loginEmail}
                  onForgotPassword={(email) => setForgotEmail(email)}
                />
              )}
            </div>
            <div
              role="tabpanel"
              id="auth-panel-register"
              aria-labelledby="auth-tab-register"
              hidden={tab !== 'register'}
            >
              {tab === 'register' && (
                <Suspense fallback={<FullPageSpinner fill="area" />}>
                  <RegisterForm
                    onRegistered={(email) => {
                      setRegisteredEmail(email);
                      setLoginEmail(email);
                      setLoginFormKey((key) => key + 1);
                      setTab('login');
                    }}
                  />
                </Suspense>
              )}
            </div>
          </Paper>
        </Box>
      </Box>
      <DeferredMount when={forgotEmail !== null}>
        <ForgotPasswordDialog
          open={forgotEmail !== null}
          defaultEmail={forgotEmail ?? ''}
          onClose={() => setForgotEmail(null)}
        />
      </DeferredMount>
    </Box>
  );
}
