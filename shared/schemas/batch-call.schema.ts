import { array, number, object, type InferType } from 'yup';
import { text, trimmedText } from './strict-text.schema';

export const BATCH_CALL_MAX_CONTACTS = 1000;

/** Spec 000 §5: a batch call sends these contacts now, or at scheduledTimeUnix, through the provider's batch calling. */
export const batchCallSchema = object({
  contactIds: array(text().required('Contact IDs must be text').max(36, 'Not a contact ID'))
    .typeError('At least one contact ID is required')
    .required('At least one contact ID is required')
    .min(1, 'At least one contact ID is required')
    .max(BATCH_CALL_MAX_CONTACTS, `At most ${BATCH_CALL_MAX_CONTACTS} contacts per batch call`),
  callName: trimmedText().required('Call name is required').max(255, 'Call name is too long'),
  scheduledTimeUnix: number()
    .typeError('Scheduled time must be a positive integer')
    .integer('Scheduled time must be a positive integer')
    .positive('Scheduled time must be a positive integer')
    .optional(),
}).noUnknown('Unknown field: ${unknown}');

export type BatchCallInput = InferType<typeof batchCallSchema>;
