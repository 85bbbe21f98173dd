import { mixed, number, object, string, type AnyObjectSchema } from 'yup';
import type { WebhookEventType } from '../api/webhooks.types';
import { USAGE_THRESHOLDS, type UsageThreshold } from '../domain/usage-thresholds';

/**
 * The `data` of each webhook event, for the OpenAPI document's `webhooks` section and the tests that hold deliveries
 * to it. They describe the types in webhooks.types.ts field for field.
 */
const id = () => string().defined();
const nullableId = () => string().nullable().defined();
const count = () => number().integer().min(0).defined();
const isoTime = () => string().defined();

export const WEBHOOK_EVENTS: Record<WebhookEventType, { summary: string; data: AnyObjectSchema }> = {
  'call.completed': {
    summary: 'A call ended; its record and duration are final.',
    data: object({ callId: id(), agentId: nullableId(), campaignId: nullableId(), durationSec: count() }),
  },
  'call.analysed': {
    summary: "A call's analysis is ready: its overall outcome and answer quality (0–100).",
    data: object({ callId: id(), agentId: nullableId(), overall: string().defined(), answerQuality: count() }),
  },
  'call.transferred': {
    summary: 'The agent transferred a call to a person.',
    data: object({ callId: id(), agentId: nullableId(), campaignId: nullableId(), transferredTo: string().defined() }),
  },
  'callback.created': {
    summary:
      "A transfer nobody took left a callback: for a campaign's contact (dialled at its time unless a member takes it) " +
      'or for an inbound caller (contactId null; a member calls them back).',
    data: object({ callbackId: id(), contactId: nullableId(), campaignId: nullableId(), scheduledFor: isoTime() }),
  },
  'contact.completed': {
    summary: "A campaign's contact was reached and is done.",
    data: object({ contactId: id(), campaignId: id(), outcome: string().defined(), conversationId: nullableId() }),
  },
  'contact.failed': {
    summary: "A campaign's contact ran out of attempts or cannot be called.",
    data: object({
      contactId: id(),
      campaignId: id(),
      outcome: string().defined(),
      reason: string().defined(),
    }),
  },
  'contact.opted_out': {
    summary:
      'A person asked not to be called again; the number is on the do-not-call list. One event per pending contact ' +
      'the opt-out ended (contactId and campaignId null when the number had none).',
    data: object({
      phoneNumber: string().defined(),
      callId: nullableId(),
      contactId: nullableId(),
      campaignId: nullableId(),
      source: string().defined(),
    }),
  },
  'campaign.paused': {
    summary: 'A campaign stopped calling, by an admin or by a brake.',
    data: object({ campaignId: id(), name: string().defined(), reason: string().nullable().defined() }),
  },
  'campaign.finished': {
    summary: 'A campaign has no contact left to call.',
    data: object({ campaignId: id(), name: string().defined() }),
  },
  'import.finished': {
    summary: 'A contact import ended: how many rows were imported and rejected.',
    data: object({ importId: id(), campaignId: nullableId(), imported: count(), rejected: count() }),
  },
  'billing.status_changed': {
    summary: "The account's billing status changed (active, past due, suspended…).",
    data: object({ billingStatus: string().defined(), previous: string().nullable().defined() }),
  },
  'usage.threshold_reached': {
    summary: "The account used 80 % or 100 % of its plan's included minutes this period.",
    data: object({
      percent: mixed<UsageThreshold>()
        .oneOf([...USAGE_THRESHOLDS])
        .defined(),
      minutesUsed: count(),
      minutesIncluded: count(),
      month: string().defined(),
    }),
  },
  'webhook.test': {
    summary: 'Sent from the Webhooks page to try an endpoint.',
    data: object({ endpointId: id(), message: string().defined() }),
  },
};
