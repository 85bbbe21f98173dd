import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { checkConnection } from './checkConnection';
import { selectConnectionStatus, selectConnectivity } from './connectivitySlice';

export const OFFLINE_TEXT = "You're currently offline. Some features may not work properly.";
export const CONNECTION_LOST_TEXT = 'Connection to our servers lost. Please check your internet connection.';

/** The offline and lost-connection banners (spec 000 §8), with Test Connection. Renders nothing when connected. */
export function ConnectionBanner() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectConnectionStatus);
  const { checking } = useAppSelector(selectConnectivity);

  if (status === 'Online') return null;
  if (status === 'Offline') {
    return (
      <Alert severity="warning" variant="filled" square sx={{ borderRadius: 0 }}>
        {OFFLINE_TEXT}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      variant="filled"
      square
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={checking}
          onClick={() => void dispatch(checkConnection())}
        >
          {checking ? 'Testing...' : 'Test Connection'}
        </Button>
      }
    >
      {CONNECTION_LOST_TEXT}
    </Alert>
  );
}
