import { createHash } from 'node:crypto';

/** Idempotency keys derived from what is sent: the same request replays, a changed one is a new request. */
export const contentKey = (prefix: string, params: unknown) =>
  `${prefix}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 24)}`;

/** The id of a field the API gives either as an id or as the expanded object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
