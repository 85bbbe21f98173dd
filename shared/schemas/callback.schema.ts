import { mixed, object, type InferType } from 'yup';
import { CALLBACK_STATUSES, type CallbackStatus } from '../api/callbacks.types';
import { cursor, pageLimit } from './contact.schema';
import { trimmedText } from './strict-text.schema';

/** The Callbacks list's query: keyset pages, optionally of one status. */
export const callbacksQuerySchema = object({
  limit: pageLimit(),
  after: cursor(),
  status: mixed<CallbackStatus>()
    .oneOf([...CALLBACK_STATUSES], `Status must be one of ${CALLBACK_STATUSES.join(', ')}`)
    .optional(),
}).noUnknown('Unknown field: ${unknown}');
export type CallbacksQuery = InferType<typeof callbacksQuerySchema>;

/**
 * What a member may do with a callback: take it or give it to a member, mark it done, cancel it; or (an admin) have
 * its campaign dial the contact now.
 */
export const CALLBACK_ACTIONS = ['assign', 'done', 'cancel', 'dial'] as const;
export type CallbackAction = (typeof CALLBACK_ACTIONS)[number];

export const updateCallbackSchema = object({
  action: mixed<CallbackAction>()
    .oneOf([...CALLBACK_ACTIONS], `Action must be one of ${CALLBACK_ACTIONS.join(', ')}`)
    .required('Action is required'),
  /** For `assign`: the member to give it to; without it, the caller takes it. */
  assigneeId: trimmedText().max(64, 'Invalid id').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type UpdateCallbackRequest = InferType<typeof updateCallbackSchema>;
