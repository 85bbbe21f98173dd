import { useEffect, useRef } from 'react';
import { useToast } from '../../components/toasts/useToast';
import { desktopBridge } from '../../platform/desktopBridge';
import { activeCampaigns } from './activeCampaigns';
import { useGetCampaignsQuery, usePauseCampaignMutation } from './campaignsApi';

const TRAY_PAUSE_REASON = 'Paused from the desktop tray';
const plural = (count: number) => (count === 1 ? 'campaign' : 'campaigns');

/**
 * The desktop tray's side of a tenant's campaigns: it reports how many are calling, and its "Pause all my
 * campaigns" pauses them through the API. Loaded only in the desktop console, never in the web's first load.
 */
export function CampaignsTray({ onActiveCount }: { onActiveCount: (count: number) => void }) {
  const bridge = desktopBridge();
  const { toast, toastError } = useToast();
  const { data: campaigns = [] } = useGetCampaignsQuery();
  const [pauseCampaign] = usePauseCampaignMutation();
  const active = activeCampaigns(campaigns);
  const activeRef = useRef(active);
  activeRef.current = active;

  useEffect(() => onActiveCount(active.length), [onActiveCount, active.length]);

  useEffect(
    () =>
      bridge?.tray?.onPauseAllCampaigns(() => {
        const targets = activeRef.current;
        void Promise.allSettled(
          targets.map((campaign) => pauseCampaign({ id: campaign.id, reason: TRAY_PAUSE_REASON }).unwrap()),
        ).then((results) => {
          const failed = results.find((result) => result.status === 'rejected');
          if (failed) toastError(failed.reason, 'Some campaigns could not be paused');
          else toast({ title: 'Campaigns paused', description: `${targets.length} ${plural(targets.length)} paused.` });
        });
      }),
    [bridge, pauseCampaign, toast, toastError],
  );

  return null;
}
