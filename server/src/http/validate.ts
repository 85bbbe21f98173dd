import type { AnySchema, InferType } from 'yup';
import { ValidationError as YupValidationError } from 'yup';
import { DomainError, invalidField } from '../domain/domain-error';

/**
 * Keys that name Object.prototype's machinery (__proto__, constructor, toString, valueOf…): yup looks fields up by
 * key and casts with toString and valueOf, and trips over them; no form sends them.
 */
const RESERVED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

function reservedKeyIn(value: unknown, depth = 0): string | null {
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const key of Object.keys(value)) {
    if (RESERVED_KEYS.has(key)) return key;
    const nested = reservedKeyIn((value as Record<string, unknown>)[key], depth + 1);
    if (nested) return nested;
  }
  return null;
}

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates a request part with a shared schema; the first message becomes the error, every path a field. */
export async function validate<S extends AnySchema>(schema: S, input: unknown): Promise<InferType<S>> {
  if (schema.type === 'object' && input !== undefined && !isPlainObject(input))
    throw new DomainError('VALIDATION_FAILED', 'The request body must be a JSON object.');
  const reserved = reservedKeyIn(input);
  if (reserved) throw invalidField(reserved, `Unknown field: ${reserved}`);
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: false });
  } catch (error) {
    if (error instanceof YupValidationError) {
      const fields: Record<string, string> = {};
      for (const inner of error.inner.length ? error.inner : [error]) {
        const key = inner.path ?? '_';
        if (!fields[key]) fields[key] = inner.message;
      }
      throw new DomainError('VALIDATION_FAILED', error.errors[0] ?? 'Please check your input and try again.', {
        fields,
      });
    }
    throw error;
  }
}
