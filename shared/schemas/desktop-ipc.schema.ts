import { boolean, mixed, object, string, type InferType } from 'yup';
import { ROLES, type Role } from '../domain/roles';

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

/** A desktop notification the renderer asks the tray to show. */
export const desktopNotificationSchema = object({
  title: string()
    .strict()
    .required('Title is required')
    .max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`),
  body: string()
    .strict()
    .defined('Body is required')
    .max(NOTIFICATION_BODY_MAX, `Body must be at most ${NOTIFICATION_BODY_MAX} characters`),
})
  .noUnknown('Unknown field: ${unknown}')
  .strict();
export type DesktopNotification = InferType<typeof desktopNotificationSchema>;

/** Why a bridge call failed; the renderer sees the code at the start of the error message. */
export const DESKTOP_ERROR_CODES = [
  'IPC_UNTRUSTED_SENDER',
  'IPC_INVALID_ARGUMENT',
  'VAULT_ENCRYPTION_UNAVAILABLE',
  'DESKTOP_INTERNAL_ERROR',
] as const;
export type DesktopErrorCode = (typeof DESKTOP_ERROR_CODES)[number];
