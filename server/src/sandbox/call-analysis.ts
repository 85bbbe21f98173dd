/** The parts of a finished call's analysis an agent configures: data collection and evaluation criteria. */

export type CollectedType = 'boolean' | 'string' | 'integer' | 'number';

/** One `platform_settings.data_collection` entry, as the vendor stores and echoes it (`LiteralJsonSchemaProperty`). */
export interface DataCollectionItem {
  type: CollectedType;
  description?: string;
  enum?: string[];
  dynamic_variable?: string;
  constant_value?: string | number | boolean;
}

export interface EvaluationCriterion {
  id: string;
  name: string;
}

export type CallSuccess = 'success' | 'failure';

export interface DataCollectionResult {
  data_collection_id: string;
  value: string | number | boolean | null;
  json_schema: DataCollectionItem;
  rationale: string;
}

export interface EvaluationResult {
  criteria_id: string;
  result: CallSuccess;
  rationale: string;
}

const COLLECTED_TYPES: readonly CollectedType[] = ['boolean', 'string', 'integer', 'number'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The well-formed entries of an agent's `data_collection` map; the vendor refuses others when the agent is saved. */
export function dataCollectionItems(value: unknown): Record<string, DataCollectionItem> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, DataCollectionItem] =>
        isRecord(entry[1]) && COLLECTED_TYPES.includes(entry[1].type as CollectedType),
    ),
  );
}

/** The well-formed criteria of an agent's `evaluation.criteria` list. */
export function evaluationCriteria(value: unknown): EvaluationCriterion[] {
  return (Array.isArray(value) ? value : []).filter(
    (criterion): criterion is EvaluationCriterion =>
      isRecord(criterion) && typeof criterion.id === 'string' && typeof criterion.name === 'string',
  );
}

/** What a finished call tells the data collection: its success, its variables, a callback time the caller asked for. */
interface CollectedCall {
  callSuccessful: CallSuccess;
  dynamicVariables: Record<string, unknown>;
  requestedCallbackAt?: string | null;
}

/** An item's description asking when the caller wants to be called back. */
const CALLBACK_ASKED = /call(ed)?\s.*back/i;

function collectOne(item: DataCollectionItem, call: CollectedCall): Pick<DataCollectionResult, 'value' | 'rationale'> {
  if (item.constant_value !== undefined && item.constant_value !== '') {
    return { value: item.constant_value, rationale: 'A constant value set on the agent.' };
  }
  const variable = item.dynamic_variable ? call.dynamicVariables[item.dynamic_variable] : undefined;
  if (typeof variable === 'string' || typeof variable === 'number' || typeof variable === 'boolean') {
    return { value: variable, rationale: `Taken from the call's dynamic variable ${item.dynamic_variable}.` };
  }
  // A caller who named a time to be called back gives it to an item that asks when to call back.
  if (item.type === 'string' && call.requestedCallbackAt && CALLBACK_ASKED.test(item.description ?? '')) {
    return { value: call.requestedCallbackAt, rationale: 'The caller asked to be called back at this time.' };
  }
  // The simulated caller goes along with the agent on a call that succeeds, and says nothing else about itself.
  if (item.type === 'boolean' && call.callSuccessful === 'success') {
    return { value: true, rationale: 'The caller agreed during the call.' };
  }
  return { value: null, rationale: 'The caller did not give this during the call.' };
}

/**
 * What a finished call yields for each configured item: a constant or a dynamic variable when the item names one,
 * a yes when a yes/no question meets a successful call, and otherwise nothing (value null, as the vendor answers
 * for something the conversation never said).
 */
export function collectData(
  items: Record<string, DataCollectionItem>,
  call: CollectedCall,
): Record<string, DataCollectionResult> {
  return Object.fromEntries(
    Object.entries(items).map(([id, item]) => [
      id,
      { data_collection_id: id, ...collectOne(item, call), json_schema: item },
    ]),
  );
}

/** Each criterion is met exactly when the call as a whole succeeded. */
export function evaluateCriteria(
  criteria: EvaluationCriterion[],
  callSuccessful: CallSuccess,
): Record<string, EvaluationResult> {
  return Object.fromEntries(
    criteria.map((criterion) => [
      criterion.id,
      {
        criteria_id: criterion.id,
        result: callSuccessful,
        rationale:
          callSuccessful === 'success'
            ? `${criterion.name}: the conversation reached its goal.`
            : `${criterion.name}: the call ended before its goal was reached.`,
      },
    ]),
  );
}
