import type { ContactDraft, ContactDraftSummary } from '@shared/api/contact-drafts.types';
import type { DesktopSettingsView, DraftOwner } from '@shared/api/desktop-bridge';
import type { NotificationSettings } from '@shared/domain/notification-routing';
import type {
  DesktopErrorCode,
  DesktopNotification,
  DesktopStatus,
  DraftRef,
  ServerChoice,
  StoredSessionPayload,
} from '@shared/schemas/desktop-ipc.schema';

/**
 * Every IPC channel, named `<area>:<verb>`, in one place. Requests go renderer → main through `invoke`/`handle`;
 * events go main → renderer through `send`/`on`. This file is bundled into the preload, so it imports types only.
 */
export const INVOKE_CHANNELS = {
  vaultLoad: 'vault:load',
  vaultSave: 'vault:save',
  vaultClear: 'vault:clear',
  vaultStatus: 'vault:status',
  notificationsShow: 'notifications:show',
  notificationsLoadSettings: 'notifications:load-settings',
  notificationsSaveSettings: 'notifications:save-settings',
  trayReport: 'tray:report',
  settingsLoad: 'settings:load',
  settingsSwitchServer: 'settings:switch-server',
  settingsResetDemo: 'settings:reset-demo',
  draftsList: 'drafts:list',
  draftsLoad: 'drafts:load',
  draftsSave: 'drafts:save',
  draftsRemove: 'drafts:remove',
  appTakePendingRoute: 'app:take-pending-route',
} as const;

export const EVENT_CHANNELS = {
  vaultChanged: 'vault:changed',
  appNavigate: 'app:navigate',
  campaignsPauseAll: 'campaigns:pause-all',
} as const;

export type InvokeChannel = (typeof INVOKE_CHANNELS)[keyof typeof INVOKE_CHANNELS];
export type EventChannel = (typeof EVENT_CHANNELS)[keyof typeof EVENT_CHANNELS];

/** The argument (or none) and the answer of each request channel. */
export interface InvokeContract {
  'vault:load': { argument: undefined; answer: StoredSessionPayload | null };
  'vault:save': { argument: StoredSessionPayload; answer: null };
  'vault:clear': { argument: undefined; answer: null };
  'vault:status': { argument: undefined; answer: { persistent: boolean } };
  'notifications:show': { argument: DesktopNotification; answer: { shown: boolean } };
  'notifications:load-settings': { argument: DraftOwner; answer: NotificationSettings };
  'notifications:save-settings': {
    argument: { owner: DraftOwner; settings: NotificationSettings };
    answer: null;
  };
  'tray:report': { argument: DesktopStatus; answer: null };
  'settings:load': { argument: undefined; answer: DesktopSettingsView };
  'settings:switch-server': { argument: ServerChoice; answer: null };
  'settings:reset-demo': { argument: undefined; answer: null };
  'drafts:list': { argument: DraftOwner; answer: ContactDraftSummary[] };
  'drafts:load': { argument: DraftRef; answer: ContactDraft | null };
  'drafts:save': { argument: ContactDraft; answer: null };
  'drafts:remove': { argument: DraftRef; answer: null };
  /** The route a notification click opened a new window for, once; null when there is none. */
  'app:take-pending-route': { argument: undefined; answer: string | null };
}

/** The payload of each event channel. */
export interface EventContract {
  'vault:changed': StoredSessionPayload | null;
  /** An in-app path, e.g. /calls/abc. */
  'app:navigate': string;
  'campaigns:pause-all': null;
}

export interface IpcFailure {
  code: DesktopErrorCode;
  message: string;
}

/** Handlers answer with this envelope, because an Error thrown across IPC loses everything but its message. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcFailure };

/** How the main process hands the preload its API origin: a command-line switch, read synchronously at load. */
export const API_ORIGIN_SWITCH = '--parley-api-origin=';
