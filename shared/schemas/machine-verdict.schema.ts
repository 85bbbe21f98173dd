import { boolean, number, object, type InferType } from 'yup';
import { fromQueryText } from './strict-text.schema';

/** The review of machine verdicts (issue 23): a sample of a campaign's verdicts, and marking one wrong. */
export const MACHINE_VERDICT_SAMPLE = { default: 20, max: 100 } as const;

export const machineVerdictsQuerySchema = object({
  limit: number()
    .transform(fromQueryText)
    .typeError(`Limit must be a whole number from 1 to ${MACHINE_VERDICT_SAMPLE.max}`)
    .integer(`Limit must be a whole number from 1 to ${MACHINE_VERDICT_SAMPLE.max}`)
    .min(1, `Limit must be a whole number from 1 to ${MACHINE_VERDICT_SAMPLE.max}`)
    .max(MACHINE_VERDICT_SAMPLE.max, `Limit must be a whole number from 1 to ${MACHINE_VERDICT_SAMPLE.max}`)
    .default(MACHINE_VERDICT_SAMPLE.default),
}).noUnknown('Unknown field: ${unknown}');
export type MachineVerdictsQuery = InferType<typeof machineVerdictsQuerySchema>;

/** PATCH a verdict: `wrong: true` marks it wrong, `false` takes the mark back. */
export const reviewMachineVerdictSchema = object({
  wrong: boolean().strict().typeError('Wrong must be true or false').required('Say whether the verdict is wrong'),
}).noUnknown('Unknown field: ${unknown}');
export type ReviewMachineVerdictRequest = InferType<typeof reviewMachineVerdictSchema>;
