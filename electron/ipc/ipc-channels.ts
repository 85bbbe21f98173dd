import type { DesktopErrorCode, DesktopNotification, StoredSessionPayload } from '@shared/schemas/desktop-ipc.schema';

/**
 * Every IPC channel, named `<area>:<verb>`, in one place. Requests go renderer → main through `invoke`/`handle`;
 * events go main → renderer through `send`/`on`. This file is bundled into the preload, so it imports types only.
 */
export const INVOKE_CHANNELS = {
  vaultLoad: 'vault:load',
  vaultSave: 'vault:save',
  vaultClear: 'vault:clear',
  notificationsShow: 'notifications:show',
} as const;

export const EVENT_CHANNELS = {
  vaultChanged: 'vault:changed',
} as const;

export type InvokeChannel = (typeof INVOKE_CHANNELS)[keyof typeof INVOKE_CHANNELS];
export type EventChannel = (typeof EVENT_CHANNELS)[keyof typeof EVENT_CHANNELS];

/** The argument (or none) and the answer of each request channel. */
export interface InvokeContract {
  'vault:load': { argument: undefined; answer: StoredSessionPayload | null };
  'vault:save': { argument: StoredSessionPayload; answer: null };
  'vault:clear': { argument: undefined; answer: null };
  'notifications:show': { argument: DesktopNotification; answer: { shown: boolean } };
}

/** The payload of each event channel. */
export interface EventContract {
  'vault:changed': StoredSessionPayload | null;
}

export interface IpcFailure {
  code: DesktopErrorCode;
  message: string;
}

/** Handlers answer with this envelope, because an Error thrown across IPC loses everything but its message. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcFailure };

/** How the main process hands the preload its API origin: a command-line switch, read synchronously at load. */
export const API_ORIGIN_SWITCH = '--parley-api-origin=';
