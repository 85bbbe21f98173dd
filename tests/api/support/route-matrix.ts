import type { AnyObjectSchema } from 'yup';
import { API_OPERATIONS, type HttpMethod, type Operation } from '@shared/api/routes';

export type { Access } from '@shared/api/routes';

/**
 * One method of a route as the tests call it, with what the route table (shared/api/routes.ts) says of it: the
 * lowest role that may call it, whether it needs a tenant, whether it is behind the billing gate, what a key needs,
 * and its request schema and example. HEAD is GET's automatic twin.
 */
export type RouteRule = Omit<Operation, 'method'> & { method: HttpMethod | 'HEAD' };

/** Every method of every route of the table; route-matrix.api.test.ts holds the router to it. */
export const ROUTE_MATRIX: readonly RouteRule[] = API_OPERATIONS;

/** Adds GET's automatic HEAD twin for rows a module lists as GET only. */
export function withHeadTwins(rules: readonly RouteRule[]): RouteRule[] {
  const keys = new Set(rules.map((r) => `${r.method} ${r.path}`));
  const twins = rules
    .filter((r) => r.method === 'GET' && !keys.has(`HEAD ${r.path}`))
    .map((r) => ({ ...r, method: 'HEAD' as const }));
  return [...rules, ...twins];
}

/** Each field of a schema and its yup type ('string', 'number', 'boolean', 'mixed', …). */
export function fieldTypes(schema: AnyObjectSchema | undefined): Record<string, string> {
  if (!schema) return {};
  return Object.fromEntries(Object.entries(schema.describe().fields).map(([name, field]) => [name, field.type]));
}
