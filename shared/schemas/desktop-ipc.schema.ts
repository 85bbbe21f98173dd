import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { NOTIFICATION_KINDS, type NotificationKind } from '../domain/notification-routing';
import { ROLES, type Role } from '../domain/roles';
import { checkServerAddress, isInAppPath } from '../domain/server-address';
import { contactMetadata } from './contact.schema';

/**
 * What crosses the desktop console's IPC bridge, checked by the main process on arrival. Every leaf is strict: a
 * value of the wrong type is refused, never coerced.
 */

/** Tokens travel in Authorization headers: printable ASCII only, bounded. */
const TOKEN = /^[\x21-\x7e]+$/;
const TOKEN_MAX = 4096;

const token = (label: string) =>
  string()
    .strict()
    .required(`${label} is required`)
    .max(TOKEN_MAX, `${label} is too long`)
    .matches(TOKEN, `${label} must be printable ASCII`);

/** The signed-in user as the API returns it; a newer server may add fields, which pass through. */
export const desktopAuthUserSchema = object({
  id: string().strict().required(),
  email: string().strict().required(),
  name: string().strict().defined(),
  username: string().strict().defined(),
  role: mixed<Role>()
    .oneOf([...ROLES])
    .required(),
  tenantId: string().strict().nullable().defined(),
  emailVerified: boolean().strict().required(),
  isAdmin: boolean().strict().required(),
}).strict();

/** The session the renderer asks the vault to keep: the token pair and the user. */
export const storedSessionSchema = object({
  accessToken: token('Access token'),
  refreshToken: token('Refresh token'),
  user: desktopAuthUserSchema.nullable().defined(),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();
export type StoredSessionPayload = InferType<typeof storedSessionSchema>;

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 1000;

/** An id that names a folder or file of the main process's store: never a path, never empty. */
const STORE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const storeId = (label: string) =>
  string()
    .strict()
    .required(`${label} is required`)
    .matches(STORE_ID, `${label} must be 1 to 64 letters, digits, '-' or '_'`);

/** Whose data a request is about: drafts and notification settings are kept per user and tenant. */
export const draftOwnerSchema = object({
  userId: storeId('User id'),
  tenantId: storeId('Tenant id'),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();

export const inAppPathSchema = string()
  .strict()
  .required('Route is required')
  .test('in-app', 'Route must be a path inside the console, like /calls/abc', (value) => isInAppPath(value));

/** A desktop notification the renderer asks the tray to show, for the user it was raised for. */
export const desktopNotificationSchema = object({
  owner: draftOwnerSchema.required('Owner is required'),
  kind: mixed<NotificationKind>()
    .oneOf([...NOTIFICATION_KINDS], 'Unknown notification kind')
    .required('Kind is required'),
  title: string()
    .strict()
    .required('Title is required')
    .max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`),
  body: string()
    .strict()
    .defined('Body is required')
    .max(NOTIFICATION_BODY_MAX, `Body must be at most ${NOTIFICATION_BODY_MAX} characters`),
  /** Where a click on the notification takes the console. */
  route: inAppPathSchema,
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();
export type DesktopNotification = InferType<typeof desktopNotificationSchema>;

export const notificationSettingsSchema = object({
  muted: array(
    mixed<NotificationKind>()
      .oneOf([...NOTIFICATION_KINDS], 'Unknown notification kind')
      .required(),
  )
    .strict()
    .required()
    .max(NOTIFICATION_KINDS.length),
  doNotDisturb: boolean().strict().required(),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();

export const notificationSettingsRequestSchema = object({
  owner: draftOwnerSchema.required('Owner is required'),
  settings: notificationSettingsSchema.required('Settings are required'),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();

export const CONNECTION_STATES = ['online', 'offline', 'connecting'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** What the tray shows, reported by the renderer whenever it changes. */
export const desktopStatusSchema = object({
  connection: mixed<ConnectionState>()
    .oneOf([...CONNECTION_STATES], 'Unknown connection state')
    .required(),
  activeCampaigns: number().strict().integer().min(0).max(1_000_000).required(),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();
export type DesktopStatus = InferType<typeof desktopStatusSchema>;

export const SERVER_MODES = ['remote', 'embedded'] as const;
export type ServerMode = (typeof SERVER_MODES)[number];

/** The settings screen's server choice: a remote server's address, or the embedded demo (SQLite and the sandbox). */
export const serverChoiceSchema = object({
  mode: mixed<ServerMode>()
    .oneOf([...SERVER_MODES], 'Choose a server')
    .required('Choose a server'),
  serverUrl: string()
    .strict()
    .optional()
    .max(2048, 'The server address is too long')
    .when('mode', {
      is: 'remote',
      then: (schema) =>
        schema.required('Enter the server address').test('server-address', function check(value = '') {
          const result = checkServerAddress(value);
          return result.ok || this.createError({ message: result.message });
        }),
    }),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();
export type ServerChoice = InferType<typeof serverChoiceSchema>;

/** A draft can be large, but not without bound: the renderer must not fill the disk through the bridge. */
export const DRAFT_MAX_ROWS = 50_000;

const draftProblemSchema = mixed<
  { kind: 'conflict'; server: Record<string, unknown> | null; message: string } | { kind: 'invalid'; message: string }
>()
  .nullable()
  .defined()
  .test('draft-problem', 'Problem must be a conflict or an invalid row with a message', (value) => {
    if (value === null) return true;
    if (typeof value !== 'object' || typeof value.message !== 'string' || value.message.length > 2000) return false;
    if (value.kind === 'invalid') return Object.keys(value).length === 2;
    return (
      value.kind === 'conflict' &&
      Object.keys(value).length === 3 &&
      (value.server === null || (typeof value.server === 'object' && !Array.isArray(value.server)))
    );
  });

const draftRowSchema = object({
  key: string().strict().required().max(100),
  contactId: string().strict().nullable().defined().max(100),
  baseVersion: number().strict().integer().min(0).nullable().defined(),
  phoneNumber: string().strict().defined().max(64),
  metadata: contactMetadata().required(),
  change: mixed<'none' | 'create' | 'update' | 'delete'>().oneOf(['none', 'create', 'update', 'delete']).required(),
  problem: draftProblemSchema,
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();

/** A whole draft, as the renderer saves it after every change. */
export const contactDraftSchema = object({
  campaignId: storeId('Campaign id'),
  campaignName: string().strict().defined().max(255),
  userId: storeId('User id'),
  tenantId: storeId('Tenant id'),
  createdAt: string().strict().required().max(40),
  updatedAt: string().strict().required().max(40),
  rows: array(draftRowSchema.required())
    .strict()
    .required()
    .max(DRAFT_MAX_ROWS, `A draft holds at most ${DRAFT_MAX_ROWS} rows`),
  pendingSyncKey: string().strict().nullable().defined().max(100),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();

/** One campaign's draft of one user. */
export const draftRefSchema = object({
  owner: draftOwnerSchema.required('Owner is required'),
  campaignId: storeId('Campaign id'),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();
export type DraftRef = InferType<typeof draftRefSchema>;

/** Why a bridge call failed; the renderer sees the code at the start of the error message. */
export const DESKTOP_ERROR_CODES = [
  'IPC_UNTRUSTED_SENDER',
  'IPC_INVALID_ARGUMENT',
  'VAULT_ENCRYPTION_UNAVAILABLE',
  'DRAFT_CORRUPT',
  'SETTINGS_FIXED_BY_ENVIRONMENT',
  'DEMO_SERVER_NOT_RUNNING',
  'DESKTOP_INTERNAL_ERROR',
] as const;
export type DesktopErrorCode = (typeof DESKTOP_ERROR_CODES)[number];
