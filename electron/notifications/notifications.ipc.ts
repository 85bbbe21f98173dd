import { shouldNotify } from '@shared/domain/notification-routing';
import {
  desktopNotificationSchema,
  draftOwnerSchema,
  notificationSettingsRequestSchema,
} from '@shared/schemas/desktop-ipc.schema';
import { INVOKE_CHANNELS } from '../ipc/ipc-channels';
import type { HandlerMap } from '../ipc/ipc-handlers';
import type { NotificationSettingsStore } from './notification-settings-store';
import type { Notifier } from './notifier';

/** Notifications and their per-user settings; the settings decide here, whatever the renderer asked for. */
export function notificationHandlers(notifier: Notifier, settings: NotificationSettingsStore): HandlerMap {
  return {
    [INVOKE_CHANNELS.notificationsShow]: {
      schema: desktopNotificationSchema,
      handle: async ({ owner, kind, title, body, route }) => {
        if (!shouldNotify(kind, await settings.load(owner))) return { shown: false };
        return { shown: notifier.notify(title, body, route) };
      },
    },
    [INVOKE_CHANNELS.notificationsLoadSettings]: {
      schema: draftOwnerSchema,
      handle: (owner) => settings.load(owner),
    },
    [INVOKE_CHANNELS.notificationsSaveSettings]: {
      schema: notificationSettingsRequestSchema,
      handle: async ({ owner, settings: chosen }) => {
        await settings.save(owner, chosen);
        return null;
      },
    },
  };
}
