import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { selectConnectivity } from '../../components/connectivity/connectivitySlice';
import { useToast } from '../../components/toasts/useToast';
import { logError } from '../../platform';
import { desktopBridge } from '../../platform/desktopBridge';
import { CampaignsTray } from '../campaigns';
import { trayConnection } from './desktopStatus';

/** Said once per run where the system has no keychain: the vault then keeps the session in memory only. */
const MEMORY_ONLY_NOTICE = {
  title: 'You will need to sign in again next time',
  description: 'This computer offers no secure storage, so Parley keeps your session only until it closes.',
};

let memoryOnlyNoticeShown = false;

/**
 * The desktop console's side of the main process, for a signed-in tenant member: notification clicks navigate, the
 * tray shows the connection and the active campaigns, and its "Pause all my campaigns" pauses them through the API.
 */
export function DesktopIntegration() {
  const bridge = desktopBridge();
  const navigate = useNavigate();
  const { toast } = useToast();
  const connectivity = useAppSelector(selectConnectivity);
  const hasTenant = Boolean(useAppSelector(selectCurrentUser)?.tenantId);
  const [activeCount, setActiveCount] = useState(0);
  const connection = trayConnection(connectivity);

  useEffect(() => bridge?.onNavigate?.((route) => void navigate(route)), [bridge, navigate]);

  useEffect(() => {
    const activeCampaigns = hasTenant ? activeCount : 0;
    bridge?.tray?.report({ connection, activeCampaigns }).catch((error: unknown) => {
      logError('the tray could not be updated', error);
    });
  }, [bridge, connection, hasTenant, activeCount]);

  useEffect(() => {
    bridge?.sessionVault
      ?.isPersistent?.()
      .then((persistent) => {
        if (persistent || memoryOnlyNoticeShown) return;
        memoryOnlyNoticeShown = true;
        toast(MEMORY_ONLY_NOTICE);
      })
      .catch((error: unknown) => logError('the vault status could not be read', error));
  }, [bridge, toast]);

  return hasTenant ? (
    <Suspense fallback={null}>
      <CampaignsTray onActiveCount={setActiveCount} />
    </Suspense>
  ) : null;
}
