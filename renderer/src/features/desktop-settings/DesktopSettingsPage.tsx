import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/PageHeader';
import { desktopBridge } from '../../platform/desktopBridge';
import { NotificationSettingsSection } from './NotificationSettingsSection';
import { ServerSettingsSection } from './ServerSettingsSection';

/** The desktop console's own settings: its server (or the embedded demo) and the user's notifications. */
export function DesktopSettingsPage() {
  const bridge = desktopBridge();
  return (
    <>
      <PageHeader title="Desktop settings" subtitle="The server this console talks to, and its notifications." />
      {bridge?.settings && bridge.notificationSettings ? (
        <Stack spacing={3}>
          <ServerSettingsSection settings={bridge.settings} />
          <NotificationSettingsSection settings={bridge.notificationSettings} />
        </Stack>
      ) : (
        <Alert severity="info">These settings belong to the Parley desktop console.</Alert>
      )}
    </>
  );
}
