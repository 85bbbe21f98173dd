import type { Context } from 'koa';

/** How ElevenLabs reads and answers requests: its error bodies, its JSON and query conventions. */

export type Json = Record<string, unknown>;

export interface FieldProblem {
  field: string;
  msg: string;
  type: string;
}

export const E164 = /^\+[1-9]\d{6,14}$/;

export const nowSecs = () => Math.floor(Date.now() / 1000);

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function objectAt(value: unknown, ...path: string[]): Json | undefined {
  let current: unknown = value;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return isObject(current) ? current : undefined;
}

/** PATCH semantics of the Agents API: objects merge, everything else replaces, null removes. */
export function deepMerge(base: Json, patch: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (isObject(value)) merged[key] = deepMerge(objectAt(merged, key) ?? {}, value);
    else merged[key] = value;
  }
  return merged;
}

/** The vendor's error body for everything but validation: `{detail:{status,message}}`. */
export function detailError(ctx: Context, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.body = { detail: { status: code, message } };
}

/** The vendor's 404s, one per kind of thing that can be missing. */
export const notFound = {
  agent: (ctx: Context, agentId: string) => detailError(ctx, 404, 'agent_not_found', `Agent ${agentId} was not found.`),
  document: (ctx: Context, documentId: string) =>
    detailError(ctx, 404, 'document_not_found', `Document ${documentId} was not found.`),
  phoneNumber: (ctx: Context) => detailError(ctx, 404, 'phone_number_not_found', 'Phone number not found.'),
  conversation: (ctx: Context) => detailError(ctx, 404, 'conversation_not_found', 'Conversation not found.'),
  batch: (ctx: Context) => detailError(ctx, 404, 'batch_call_not_found', 'Batch call not found.'),
};

/** FastAPI's 422: one entry per field, located in the body or the query. */
export function validationFailed(ctx: Context, problems: FieldProblem[], location: 'body' | 'query' = 'body'): void {
  ctx.status = 422;
  ctx.body = { detail: problems.map(({ field, msg, type }) => ({ loc: [location, field], msg, type })) };
}

export function missingFields(body: Json, fields: string[]): FieldProblem[] {
  return fields
    .filter((field) => body[field] === undefined || body[field] === null || body[field] === '')
    .map((field) => ({ field, msg: 'Field required', type: 'missing' }));
}

export function jsonBody(ctx: Context): Json {
  const body: unknown = ctx.request.body;
  return isObject(body) ? body : {};
}

export function queryValue(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function pageSizeOf(ctx: Context, fallback: number, max: number): number {
  const size = Number(queryValue(ctx, 'page_size') ?? fallback);
  return Number.isInteger(size) && size > 0 ? Math.min(size, max) : fallback;
}
