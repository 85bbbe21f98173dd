import { useEffect, useRef } from 'react';
import { apiRoutes } from '@shared/api/routes';
import { baseApi } from '../../core/baseApi';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { selectAccessToken, selectCurrentUser } from '../../core/sessionSlice';
import { useToast } from '../../components/toasts/useToast';
import { platform } from '../../platform';
import { runEventStream } from './eventStream';
import { setLiveConnected } from './liveConnection';
import { liveEventEffects } from './liveEventEffects';
import { liveEventNotification } from './liveEventNotification';

/**
 * The one subscription to the live event stream, for as long as a tenant member is signed in: each event makes the
 * cached data it affects stale (screens refetch what they show), raises its toast, and goes to the platform layer
 * (the desktop console's tray notifications).
 */
export function LiveEvents() {
  const dispatch = useAppDispatch();
  const { toast } = useToast();
  const user = useAppSelector(selectCurrentUser);
  const token = useAppSelector(selectAccessToken);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const active = Boolean(user?.tenantId && token);
  const userId = user?.id;
  const tenantId = user?.tenantId;

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    void runEventStream({
      url: `${platform.apiBaseUrl}/${apiRoutes.events.stream.relative()}`,
      token: () => tokenRef.current,
      signal: controller.signal,
      // The next request of any screen refreshes the session; the stream reconnects with the new token.
      onUnauthorized: () => dispatch(baseApi.util.invalidateTags(['Tenant'])),
      onConnectionChange: setLiveConnected,
      onEvent: (event) => {
        const effects = liveEventEffects(event);
        if (effects.invalidate.length) dispatch(baseApi.util.invalidateTags(effects.invalidate));
        if (effects.toast) toast(effects.toast);
        const notification = liveEventNotification(event, effects.toast);
        // The desktop console's settings (muted kinds, do-not-disturb) decide in the main process.
        if (notification && userId && tenantId) platform.notify({ ...notification, owner: { userId, tenantId } });
      },
    });
    return () => {
      controller.abort();
      setLiveConnected(false);
    };
  }, [active, userId, tenantId, dispatch, toast]);

  return null;
}
