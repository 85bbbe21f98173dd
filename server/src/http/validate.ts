import type { AnySchema, InferType } from 'yup';
import { ValidationError as YupValidationError } from 'yup';
import { DomainError, invalidField } from '../domain/domain-error';

/** Keys that name Object.prototype's machinery: yup looks fields up by key and trips over them, and no form sends them. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function reservedKeyIn(value: unknown, depth = 0): string | null {
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const key of Object.keys(value)) {
    if (RESERVED_KEYS.has(key)) return key;
    const nested = reservedKeyIn((value as Record<string, unknown>)[key], depth + 1);
    if (nested) return nested;
  }
  return null;
}

/** Validates a request part with a shared schema; the first message becomes the error, every path a field. */
export async function validate<S extends AnySchema>(schema: S, input: unknown): Promise<InferType<S>> {
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
