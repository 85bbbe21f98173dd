import { desktopNotificationSchema } from '@shared/schemas/desktop-ipc.schema';
import { INVOKE_CHANNELS } from '../ipc/ipc-channels';
import type { HandlerMap } from '../ipc/ipc-handlers';
import type { Notifier } from './notifier';

export function notificationHandlers(notifier: Notifier): HandlerMap {
  return {
    [INVOKE_CHANNELS.notificationsShow]: {
      schema: desktopNotificationSchema,
      handle: ({ title, body }) => ({ shown: notifier.notify(title, body) }),
    },
  };
}
