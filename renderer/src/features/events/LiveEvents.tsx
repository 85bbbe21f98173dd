import { useEffect, useRef } from 'react';
import { apiRoutes } from '@shared/api/routes';
import { baseApi } from '../../core/baseApi';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { selectAccessToken, selectCurrentUser } from '../../core/sessionSlice';
import { popsUp } from '@shared/domain/notification-routing';
import { centreOpened, notified, selectPopUpChoices } from '../../components/notifications/notificationsSlice';
import { loadPopUpChoices } from '../../components/notifications/popUpChoicesStore';
import { useToast } from '../../components/toasts/useToast';
import { platform } from '../../platform';
import { runEventStream } from './eventStream';
import { setLiveConnected } from './liveConnection';
import { liveEventEffects } from './liveEventEffects';
import { liveEventNotification } from './liveEventNotification';

/**
 * The one subscription to the live event stream, for as long as a tenant member is signed in (a superadmin, who has
 * no tenant, follows the platform's stream, which says when any tenant's operations moved): each event makes the
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
  const platformWide = user?.role === 'superadmin';
  const active = Boolean((user?.tenantId || platformWide) && token);
  const userId = user?.id;
  const tenantId = user?.tenantId;
  const choices = useAppSelector(selectPopUpChoices);
  const choicesRef = useRef(choices);
  choicesRef.current = choices;

  useEffect(() => {
    if (userId) dispatch(centreOpened({ owner: userId, popUps: loadPopUpChoices(userId) }));
  }, [userId, dispatch]);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    void runEventStream({
      url: `${platform.apiBaseUrl}/${(platformWide ? apiRoutes.events.platform : apiRoutes.events.stream).relative()}`,
      token: () => tokenRef.current,
      signal: controller.signal,
      // The next request of any screen refreshes the session; the stream reconnects with the new token.
      onUnauthorized: () => dispatch(baseApi.util.invalidateTags(['Tenant'])),
      onConnectionChange: setLiveConnected,
      onEvent: (event) => {
        const effects = liveEventEffects(event);
        if (effects.invalidate.length) dispatch(baseApi.util.invalidateTags(effects.invalidate));
        const notification = liveEventNotification(event, effects.toast);
        if (!notification) {
          if (effects.toast) toast(effects.toast);
          return;
        }
        // Every notification waits in the centre; only the kinds the user wants pop up as well.
        dispatch(notified({ ...notification, at: event.at || new Date().toISOString() }));
        if (!popsUp(notification.kind, choicesRef.current)) return;
        if (effects.toast) toast(effects.toast);
        // The desktop console's settings (muted kinds, do-not-disturb) decide in the main process.
        if (userId && tenantId) platform.notify({ ...notification, owner: { userId, tenantId } });
      },
    });
    return () => {
      controller.abort();
      setLiveConnected(false);
    };
  }, [active, platformWide, userId, tenantId, dispatch, toast]);

  return null;
}
