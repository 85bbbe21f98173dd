import { array, number, object } from 'yup';
import { WAITING_REASONS } from '../api/operations.types';
import { isoDateTime, text } from './strict-text.schema';

// The answers of the operations routes, published in the OpenAPI document and checked against it by the API tests.

const count = () => number().integer().min(0).required();

const operationsCall = object({
  attemptId: text().required(),
  campaignId: text().nullable().defined(),
  campaignName: text().nullable().defined(),
  startedAt: isoDateTime().nullable().defined(),
  durationSec: count(),
}).noUnknown();

const operationsCampaign = object({
  campaignId: text().required(),
  name: text().required(),
  queueDepth: count(),
  dueNow: count(),
  nextDueAt: isoDateTime().nullable().defined(),
  forecastFinish: isoDateTime().nullable().defined(),
  callsToday: count(),
  maxCallsPerDay: count(),
  waitingFor: text().oneOf(WAITING_REASONS).nullable().defined(),
  pausedReason: text().nullable().defined(),
}).noUnknown();

export const tenantOperationsSchema = object({
  tenantId: text().required(),
  tenantName: text().required(),
  lines: object({ inUse: count(), limit: count(), inboundReserve: count() }).noUnknown().required(),
  callsPerSecond: object({ setting: number().min(0).required(), current: number().min(0).required() })
    .noUnknown()
    .required(),
  calls: array(operationsCall.required()).required(),
  campaigns: array(operationsCampaign.required()).required(),
}).noUnknown();

export const platformOperationsSchema = object({
  tenants: array(tenantOperationsSchema.required()).required(),
}).noUnknown();
