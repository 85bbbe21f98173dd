import type { AnySchema, InferType } from 'yup';
import { ValidationError as YupValidationError } from 'yup';
import { ValidationError } from './app-error';

/** Validates a request part with a shared schema; the first message becomes the error, every path a field. */
export async function validate<S extends AnySchema>(schema: S, input: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: false });
  } catch (error) {
    if (error instanceof YupValidationError) {
      const fields: Record<string, string> = {};
      for (const inner of error.inner.length ? error.inner : [error]) {
        const key = inner.path ?? '_';
        if (!fields[key]) fields[key] = inner.message;
      }
      throw new ValidationError(error.errors[0] ?? 'Please check your input and try again.', fields);
    }
    throw error;
  }
}
