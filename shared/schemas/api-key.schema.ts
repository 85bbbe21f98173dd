import { array, boolean, object, type InferType } from 'yup';
import { API_KEY_PERMISSIONS, API_KEY_SCOPES } from '../api/permissions';
import { ISO_DATE_TIME, isoDateTime, text, trimmedText } from './strict-text.schema';

/** API key rules (spec 001 §5, §9): the form and the API check the same. */
export const API_KEY_NAME_MAX = 100;
export const API_KEY_DESCRIPTION_MAX = 500;

const name = () =>
  trimmedText()
    .required('API key name is required')
    .min(1, 'API key name is required')
    .max(API_KEY_NAME_MAX, `Name must be ${API_KEY_NAME_MAX} characters or less`);

const description = () =>
  trimmedText()
    .max(API_KEY_DESCRIPTION_MAX, `Description must be ${API_KEY_DESCRIPTION_MAX} characters or less`)
    .nullable()
    .optional();

export const createApiKeySchema = object({
  name: name(),
  description: description(),
  scope: trimmedText().oneOf(API_KEY_SCOPES, 'Scope must be read_only, read_write or admin').default('read_only'),
  permissions: array(text().required('Unknown permission').oneOf(API_KEY_PERMISSIONS, 'Unknown permission: ${value}'))
    .typeError('Permissions must be a list')
    .max(API_KEY_PERMISSIONS.length, 'Too many permissions')
    .default([]),
  expiresAt: text()
    .nullable()
    .optional()
    .transform((value: unknown) => (value === '' ? null : value))
    // An ISO date-time with its zone; in the future is the service's rule (it knows the clock).
    .test('date-time', 'Expiry must be a date and time', (value) => {
      if (value === null || value === undefined) return true;
      return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
    }),
}).noUnknown('Unknown field: ${unknown}');
export type CreateApiKeyRequest = InferType<typeof createApiKeySchema>;

/** PATCH: name, description and the active flag (spec 001 §2); scope and permissions are fixed at creation. */
export const updateApiKeySchema = object({
  name: name().optional(),
  description: description(),
  active: boolean().strict().typeError('Active must be true or false').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type UpdateApiKeyRequest = InferType<typeof updateApiKeySchema>;

// Answers of the API key routes, published in the OpenAPI document and checked against it by the API tests.

const apiKey = object({
  id: text().required(),
  name: text().required(),
  description: text().nullable().defined(),
  prefix: text().required(),
  lastFour: text().nullable().defined(),
  scope: text().required().oneOf(API_KEY_SCOPES),
  permissions: array(text().required().oneOf(API_KEY_PERMISSIONS)).required(),
  expiresAt: isoDateTime().nullable().defined(),
  active: boolean().required(),
  createdAt: isoDateTime().required(),
  lastUsedAt: isoDateTime().nullable().defined(),
  lastUsedIp: text().nullable().defined(),
}).noUnknown();

export const apiKeysResponseSchema = object({ apiKeys: array(apiKey.required()).required() }).noUnknown();

export const createdApiKeyResponseSchema = object({
  apiKey: text().required(),
  key: apiKey.required(),
}).noUnknown();

export const apiKeyResponseSchema = object({ key: apiKey.required() }).noUnknown();
