import { string } from 'yup';

/**
 * Typed building blocks for the shared schemas. yup casts by default: a number becomes text, an object's own
 * `toString` is called, and an array or object reaches trim() and throws. These refuse every value of the wrong type with a type error instead, so a
 * form and an API client get the same clear message and the server never crashes on a shape it did not expect.
 */

/** yup fills in the field's path, e.g. "name must be text". */
const NOT_TEXT = '${path} must be text';

/**
 * For a query schema's number and flag fields, which yup casts from text: a repeated key arrives as an array,
 * which yup would read as its first value; kept as it arrived, it is a type error instead.
 */
export const fromQueryText = (value: unknown, original: unknown) => (typeof original === 'string' ? value : original);

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const lowercase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);
const uppercase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** Text taken as it arrives (a password); anything that is not a string is a type error. */
export const text = () => {
  const schema = string().typeError(NOT_TEXT);
  // Without yup's cast, which turns 42 into "42" and calls whatever `toString` a JSON object carries.
  schema.transforms = [];
  return schema;
};

/** Text with surrounding white space removed; yup's own trim() would call .trim() on an array and throw. */
export const trimmedText = () => text().transform(trim);

/** Trimmed text in lower case (an email address). */
export const lowercaseText = () => trimmedText().transform(lowercase);

/** Trimmed text in upper case (a country code). */
export const uppercaseText = () => trimmedText().transform(uppercase);

/** A UTC ISO date-time as the API answers with (`2025-01-05T09:30:00.000Z`), for response schemas. */
export const isoDateTime = () =>
  text().matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, '${path} must be a UTC ISO date-time');

/** An ISO 8601 date and time with an offset or Z, as the API speaks (seconds and their fraction optional). */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
