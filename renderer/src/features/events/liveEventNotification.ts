import type { DeliveredEvent } from '@shared/api/events.types';
import type { NotificationKind } from '@shared/domain/notification-routing';
import type { ToastInput } from '../../components/toasts/toastSlice';

/** A live event as the desktop console's native notification: its kind (for the user's settings) and its screen. */
export interface LiveEventNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  /** Where a click on the notification takes the console. */
  route: string;
}

function fromToast(kind: NotificationKind, route: string, toast: ToastInput | null): LiveEventNotification | null {
  return toast ? { kind, route, title: toast.title ?? 'Parley', body: toast.description ?? '' } : null;
}

/**
 * The events worth a native notification (a call finished, a campaign paused or finished, an import finished, a
 * payment failed), in the words of their toast; null for the rest.
 */
export function liveEventNotification(event: DeliveredEvent, toast: ToastInput | null): LiveEventNotification | null {
  switch (event.type) {
    case 'call.completed':
      return fromToast('call.finished', `/calls/${event.data.callId}`, toast);
    case 'campaign.paused':
      return fromToast('campaign.paused', `/campaigns/${event.data.campaignId}`, toast);
    case 'campaign.finished':
      return {
        kind: 'campaign.finished',
        title: 'Campaign finished',
        body: `${event.data.name} has reached every contact.`,
        route: `/campaigns/${event.data.campaignId}`,
      };
    case 'import.finished':
      return fromToast(
        'import.finished',
        event.data.campaignId ? `/campaigns/${event.data.campaignId}` : '/campaigns',
        toast,
      );
    case 'billing.status_changed':
      return fromToast('payment.failed', '/billing', toast);
    default:
      return null;
  }
}
