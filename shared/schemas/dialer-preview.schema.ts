import { array, number, object } from 'yup';
import { CALL_OUTCOMES } from '../domain/call-outcomes';
import { isoDateTime } from './strict-text.schema';

// The activation preview's answer (GET campaigns/{id}/preview), published in the OpenAPI document.

const count = () => number().integer().min(0).required();
const share = () => number().min(0).max(1).required();

export const dialingPreviewResponseSchema = object({
  total: count(),
  callableNow: count(),
  callableLater: array(
    object({ count: count(), firstCallableAt: isoDateTime().required() }).noUnknown().required(),
  ).required(),
  neverCallable: object({
    count: count(),
    invalidNumber: count(),
    doNotCall: count(),
    duplicate: count(),
    outsideLegalHours: count(),
    noConsent: count(),
  })
    .noUnknown()
    .required(),
  // The expected share of each way a call can end, one per shared outcome.
  outcomeMix: object(Object.fromEntries(CALL_OUTCOMES.map((outcome) => [outcome, share()])))
    .noUnknown()
    .required(),
  estimatedFinish: object({
    earliest: isoDateTime().required(),
    expected: isoDateTime().nullable().defined(),
    latest: isoDateTime().nullable().defined(),
  })
    .noUnknown()
    .nullable()
    .defined(),
}).noUnknown();
