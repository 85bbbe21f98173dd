import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldPath, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import type { AnyObject, ObjectSchema } from 'yup';
import { classifyError } from '@shared/domain/error-classifier';

/**
 * yupResolver for the shared schemas, where an optional field is `undefined` rather than ''. Text inputs hold '', so
 * empty strings are dropped before validation.
 */
export function sharedSchemaResolver<T extends FieldValues>(schema: ObjectSchema<AnyObject>): Resolver<T> {
  const resolve = yupResolver(schema) as unknown as Resolver<T>;
  return (values, context, options) => {
    const cleaned = Object.fromEntries(
      Object.entries(values).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')),
    ) as T;
    return resolve(cleaned, context, options);
  };
}

/**
 * sharedSchemaResolver for a schema loaded on first validation, so that a form on a first screen carries neither the
 * schema nor yup until it is submitted. A failed load is tried again on the next validation.
 */
export function deferredSchemaResolver<T extends FieldValues>(
  loadSchema: () => Promise<ObjectSchema<AnyObject>>,
): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= loadSchema().then(
      (schema) => sharedSchemaResolver<T>(schema),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return (await loading)(values, context, options);
  };
}

/** Puts the server's per-field messages (a 400's `fields`) beside the fields they belong to; true when any did. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly FieldPath<T>[],
): boolean {
  const fields = classifyError(error).fields;
  if (!fields) return false;
  let applied = false;
  for (const [path, message] of Object.entries(fields)) {
    if (!known.includes(path as FieldPath<T>)) continue;
    setError(path as FieldPath<T>, { type: 'server', message });
    applied = true;
  }
  return applied;
}

/** The server's message when it sent one, else the given fallback (spec 000 §5). */
export function serverMessageOr(error: unknown, fallback: string): string {
  const classified = classifyError(error);
  if (classified.kind === 'network' || classified.kind === 'timeout') return classified.message;
  return classified.serverMessage ?? fallback;
}
