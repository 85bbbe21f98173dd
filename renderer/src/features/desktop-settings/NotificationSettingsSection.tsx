import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import type { DesktopBridge } from '@shared/api/desktop-bridge';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationSettings,
} from '@shared/domain/notification-routing';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { useToast } from '../../components/toasts/useToast';
import { logError } from '../../platform';
import { SettingsSection } from './SettingsSection';

type NotificationSettingsBridge = NonNullable<DesktopBridge['notificationSettings']>;

/** Which live events become native notifications for this user, and do-not-disturb. */
export function NotificationSettingsSection({ settings }: { settings: NotificationSettingsBridge }) {
  const user = useAppSelector(selectCurrentUser);
  const { toast } = useToast();
  const [chosen, setChosen] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const owner = user?.tenantId ? { userId: user.id, tenantId: user.tenantId } : null;
  const userId = owner?.userId;
  const tenantId = owner?.tenantId;

  useEffect(() => {
    if (!userId || !tenantId) return;
    settings
      .load({ userId, tenantId })
      .then(setChosen)
      .catch((error: unknown) => {
        logError('notification settings could not be read', error);
        setFailed(true);
      });
  }, [settings, userId, tenantId]);

  if (!owner) return null;

  const save = async () => {
    if (!chosen) return;
    try {
      await settings.save(owner, chosen);
      toast({ title: 'Notification settings saved' });
    } catch (error) {
      logError('notification settings could not be saved', error);
      setFailed(true);
    }
  };

  return (
    <SettingsSection
      title="Notifications"
      failure={failed ? 'The notification settings could not be read or saved.' : null}
    >
      {chosen && (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={chosen.doNotDisturb}
                onChange={(event) => setChosen({ ...chosen, doNotDisturb: event.target.checked })}
              />
            }
            label="Do not disturb"
          />
          <FormGroup aria-label="Notify me when">
            {NOTIFICATION_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                label={NOTIFICATION_KIND_LABELS[kind]}
                disabled={chosen.doNotDisturb}
                control={
                  <Checkbox
                    checked={!chosen.muted.includes(kind)}
                    onChange={(event) =>
                      setChosen({
                        ...chosen,
                        muted: event.target.checked
                          ? chosen.muted.filter((each) => each !== kind)
                          : [...chosen.muted, kind],
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <Button variant="contained" sx={{ mt: 2 }} onClick={() => void save()}>
            Save notifications
          </Button>
        </>
      )}
    </SettingsSection>
  );
}
