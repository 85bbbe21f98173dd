import { useCallback, useMemo, useRef } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { ObjectSchema } from 'yup';
import { classifyError } from '@shared/domain/error-classifier';

export interface SchemaForm<T extends FieldValues> extends UseFormReturn<T> {
  /**
   * Reports a failed request: the server's per-field messages (a 400's `fields`) go on the fields of this form they
   * name, and the answer is the message for the request as a whole (see serverMessageOr), or null for a 402, whose
   * dialog already speaks.
   */
  reportServerError(error: unknown, fallback: string): string | null;
}

/** The server's message when it sent one, the catalogue's for a network failure or time-out, else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  const classified = classifyError(error);
  if (classified.kind === 'network' || classified.kind === 'timeout') return classified.message;
  return classified.serverMessage ?? fallback;
}

/**
 * The schema's resolver, where a text input left blank is no value: null where the schema accepts null (so that an
 * edit can clear the field), absent otherwise (so that an optional field is skipped and a required one says so).
 */
export function schemaResolver<T extends FieldValues>(schema: ObjectSchema<T>): Resolver<T> {
  const resolver = yupResolver(schema) as unknown as Resolver<T>;
  const { fields } = schema.describe();
  return (values, context, options) => {
    const read = Object.fromEntries(
      Object.entries(values).flatMap(([name, value]) => {
        if (typeof value !== 'string' || value.trim() !== '') return [[name, value]];
        const field = fields[name];
        return field && 'nullable' in field && field.nullable ? [[name, null]] : [];
      }),
    ) as T;
    return resolver(read, context, options);
  };
}

/**
 * The per-field messages of a failed request (a 400's `fields`, keyed by yup paths such as `knowledge.url`) that
 * belong to fields of the schema.
 */
export function serverFieldErrors<T extends FieldValues>(
  schema: ObjectSchema<T>,
  error: unknown,
): Array<[FieldPath<T>, string]> {
  return Object.entries(classifyError(error).fields ?? {}).filter(
    (entry): entry is [FieldPath<T>, string] => (entry[0].split(/[.[]/)[0] ?? '') in schema.fields,
  );
}

/**
 * A shared schema, or a loader of one for a form on a first screen, which then carries neither the schema nor yup
 * until it is first checked (a loader should be defined once, outside the component).
 */
export type SchemaSource<T extends FieldValues> = ObjectSchema<T> | (() => Promise<ObjectSchema<T>>);

/** The resolver of a schema that loads on the first check; a failed load is tried again on the next one. */
function deferredSchemaResolver<T extends FieldValues>(
  load: () => Promise<ObjectSchema<T>>,
  onLoaded: (schema: ObjectSchema<T>) => void,
): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= load().then(
      (schema) => {
        onLoaded(schema);
        return schemaResolver(schema);
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return (await loading)(values, context, options);
  };
}

/**
 * A react-hook-form form on a shared yup schema (the same rules the API applies), whose server errors land on its
 * fields: the one way every form of the renderer is built.
 */
export function useSchemaForm<T extends FieldValues>(
  source: SchemaSource<T>,
  defaultValues: DefaultValues<T>,
): SchemaForm<T> {
  const schema = useRef<ObjectSchema<T> | null>(typeof source === 'function' ? null : source);
  const resolver = useMemo(
    () =>
      typeof source === 'function'
        ? deferredSchemaResolver(source, (loaded) => (schema.current = loaded))
        : schemaResolver(source),
    [source],
  );
  const form = useForm<T>({ resolver, defaultValues });
  const { setError } = form;

  const reportServerError = useCallback(
    (error: unknown, fallback: string) => {
      if (classifyError(error).requiresPayment) return null;
      // A request is sent only after the form was checked, so a deferred schema has loaded by now.
      for (const [name, message] of schema.current ? serverFieldErrors(schema.current, error) : []) {
        setError(name, { type: 'server', message });
      }
      return serverMessageOr(error, fallback);
    },
    [setError],
  );

  return { ...form, reportServerError };
}
