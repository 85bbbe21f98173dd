import { describe, expect, it } from 'vitest';
import { collectData, dataCollectionItems, evaluateCriteria, evaluationCriteria } from './call-analysis';

describe('collectData', () => {
  const items = dataCollectionItems({
    booked: { type: 'boolean', description: 'Did the caller book?' },
    email: { type: 'string', description: 'The caller’s email' },
    clinic: { type: 'string', constant_value: 'Harbour Dental' },
    customer: { type: 'string', dynamic_variable: 'customer_name' },
    visits: { type: 'integer', dynamic_variable: 'missing_variable' },
  });

  it('answers every configured item: constants, dynamic variables, a yes on success, else nothing', () => {
    const results = collectData(items, { callSuccessful: 'success', dynamicVariables: { customer_name: 'Bob' } });
    expect(Object.keys(results)).toEqual(['booked', 'email', 'clinic', 'customer', 'visits']);
    expect(results.booked).toMatchObject({ data_collection_id: 'booked', value: true, json_schema: items.booked });
    expect(results.email).toMatchObject({ value: null, rationale: 'The caller did not give this during the call.' });
    expect(results.clinic?.value).toBe('Harbour Dental');
    expect(results.customer).toMatchObject({ value: 'Bob', rationale: expect.stringContaining('customer_name') });
    expect(results.visits?.value).toBeNull();
  });

  it('gives no yes when the call failed (voicemail)', () => {
    const results = collectData(items, { callSuccessful: 'failure', dynamicVariables: {} });
    expect(results.booked?.value).toBeNull();
    expect(results.clinic?.value).toBe('Harbour Dental');
  });

  it('keeps only well-formed items and criteria', () => {
    expect(Object.keys(dataCollectionItems({ ok: { type: 'number' }, odd: { type: 'date' }, bad: 'x' }))).toEqual([
      'ok',
    ]);
    expect(dataCollectionItems(null)).toEqual({});
    expect(evaluationCriteria([{ id: 'goal', name: 'Goal' }, { id: 3 }, 'x'])).toEqual([{ id: 'goal', name: 'Goal' }]);
    expect(evaluationCriteria(undefined)).toEqual([]);
  });
});

describe('evaluateCriteria', () => {
  it('meets each criterion exactly when the call succeeded', () => {
    const criteria = [{ id: 'goal', name: 'Booked' }];
    expect(evaluateCriteria(criteria, 'success')).toEqual({
      goal: { criteria_id: 'goal', result: 'success', rationale: 'Booked: the conversation reached its goal.' },
    });
    expect(evaluateCriteria(criteria, 'failure').goal?.result).toBe('failure');
  });
});
