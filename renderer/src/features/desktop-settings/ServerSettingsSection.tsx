import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DesktopBridge, DesktopSettingsView } from '@shared/api/desktop-bridge';
import { serverChoiceSchema, type ServerChoice, type ServerMode } from '@shared/schemas/desktop-ipc.schema';
import { useAppDispatch } from '../../core/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { logError } from '../../platform';
import { logout } from '../auth';
import { SettingsSection } from './SettingsSection';

type SettingsBridge = NonNullable<DesktopBridge['settings']>;

/** The bridge's refusals lead with their code; the person reads the rest. */
const bridgeMessage = (error: unknown) =>
  error instanceof Error ? error.message.replace(/^[A-Z_]+: /, '') : 'The desktop app could not complete the request.';

/**
 * Which server the console talks to: a remote server's address (https, or http on this computer), or the embedded
 * demo server. Switching signs out of the old server first, then the console restarts on the new one.
 */
export function ServerSettingsSection({ settings }: { settings: SettingsBridge }) {
  const dispatch = useAppDispatch();
  const [view, setView] = useState<DesktopSettingsView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm<ServerChoice>(serverChoiceSchema, { mode: 'embedded', serverUrl: '' });
  const { control, handleSubmit, reset, setValue } = form;
  const mode = useWatch({ control, name: 'mode' });

  useEffect(() => {
    settings
      .load()
      .then((loaded) => {
        setView(loaded);
        reset({ mode: loaded.choice.mode, serverUrl: loaded.choice.serverUrl ?? '' });
      })
      .catch((error: unknown) => setFailure(bridgeMessage(error)));
  }, [settings, reset]);

  const switchServer = handleSubmit(async (choice) => {
    setBusy(true);
    setFailure(null);
    try {
      // Sign out of the old server (its refresh token is revoked there) before the console leaves it.
      await dispatch(logout());
      await settings.switchServer(choice);
    } catch (error) {
      logError('switching servers failed', error);
      setFailure(bridgeMessage(error));
      setBusy(false);
    }
  });

  const resetDemo = async () => {
    setBusy(true);
    try {
      await settings.resetDemoData();
    } catch (error) {
      setFailure(bridgeMessage(error));
      setBusy(false);
      setConfirmReset(false);
    }
  };

  const fixed = view?.fixedByEnvironment ?? false;
  return (
    <SettingsSection title="Server" failure={failure}>
      {view && (
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Connected to {view.running.mode === 'embedded' ? 'the embedded demo server' : view.running.apiOrigin}.
        </Typography>
      )}
      {fixed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          PARLEY_SERVER_URL chooses the server of this console; unset it to choose here.
        </Alert>
      )}
      <Stack component="form" aria-label="Server" noValidate spacing={2} onSubmit={(event) => void switchServer(event)}>
        <RadioGroup
          aria-label="Server to use"
          value={mode}
          onChange={(event) => setValue('mode', event.target.value as ServerMode, { shouldValidate: false })}
        >
          <FormControlLabel value="remote" control={<Radio />} label="A Parley server" disabled={fixed} />
          <FormControlLabel
            value="embedded"
            control={<Radio />}
            label="The embedded demo server (sample data and sandbox providers)"
            disabled={fixed}
          />
        </RadioGroup>
        {mode === 'remote' && (
          <FormTextField
            control={control}
            name="serverUrl"
            label="Server address"
            placeholder="https://parley.example.com"
            autoComplete="url"
            disabled={fixed}
            helperText="https, or http only for a server on this computer"
          />
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={fixed || busy}>
            Save and restart
          </Button>
        </Stack>
      </Stack>
      {view && (
        <Stack spacing={1} sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3">
            Demo data
          </Typography>
          <Typography color="textSecondary" sx={{ wordBreak: 'break-all' }}>
            Kept in {view.demoDataFolder}
          </Typography>
          <div>
            <Button
              color="error"
              variant="outlined"
              disabled={view.running.mode !== 'embedded' || busy}
              onClick={() => setConfirmReset(true)}
            >
              Reset demo data
            </Button>
          </div>
        </Stack>
      )}
      <ConfirmDialog
        open={confirmReset}
        title="Reset demo data?"
        message="Every call, campaign and account of the demo server is deleted and the sample data starts again. You will be signed out."
        confirmLabel="Reset demo data"
        busy={busy}
        onConfirm={() => void resetDemo()}
        onCancel={() => setConfirmReset(false)}
      />
    </SettingsSection>
  );
}
