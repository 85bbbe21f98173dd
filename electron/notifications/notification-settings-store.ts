import path from 'node:path';
import type { DraftOwner } from '@shared/api/desktop-bridge';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@shared/domain/notification-routing';
import { notificationSettingsSchema } from '@shared/schemas/desktop-ipc.schema';
import {
  createWriteQueue,
  nodeFileSystem,
  readTextFile,
  writeFileAtomic,
  type StoreFileSystem,
} from '../storage/atomic-file';
import { userFolder } from '../storage/user-folders';

/** Each user's notification settings, in a file of their own beside their drafts. */
export interface NotificationSettingsStore {
  load(owner: DraftOwner): Promise<NotificationSettings>;
  save(owner: DraftOwner, settings: NotificationSettings): Promise<void>;
}

export interface NotificationSettingsStoreOptions {
  root: string;
  files?: StoreFileSystem;
  /** Told when a settings file could not be read; the defaults apply until the user saves again. */
  onUnreadable?(file: string, reason: string): void;
}

export function createNotificationSettingsStore(options: NotificationSettingsStoreOptions): NotificationSettingsStore {
  const { root, files = nodeFileSystem } = options;
  const queue = createWriteQueue();
  const fileOf = (owner: DraftOwner) => path.join(userFolder(root, owner), 'notification-settings.json');

  return {
    async load(owner) {
      const file = fileOf(owner);
      const text = await queue(file, () => readTextFile(files, file));
      if (text === null) return { ...DEFAULT_NOTIFICATION_SETTINGS };
      try {
        return await notificationSettingsSchema.validate(JSON.parse(text));
      } catch (error) {
        options.onUnreadable?.(file, error instanceof Error ? error.message : 'unreadable');
        return { ...DEFAULT_NOTIFICATION_SETTINGS };
      }
    },
    async save(owner, settings) {
      const valid = await notificationSettingsSchema.validate(settings);
      const file = fileOf(owner);
      await queue(file, () => writeFileAtomic(files, file, JSON.stringify(valid)));
    },
  };
}
