import type { AnyObjectSchema } from 'yup';
import { PUBLIC, SESSION_ONLY, type ApiKeyPermission, type KeyRequirement, type MANAGEMENT } from './permissions';
import type { Role } from '../domain/roles';

/** Where the API lives under the server's origin: the server mounts its router here; the renderer's base URL ends here. */
export const API_PREFIX = '/api';

/** Whether a request path is the API's, not a page of the renderer (`/api-keys` is a page). */
export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The lowest role that may call an operation: 'public' needs no credentials; 'user' any signed-in user;
 * 'admin' tenant admins and superadmins; 'superadmin' platform superadmins only.
 */
export type Access = 'public' | 'user' | 'admin' | 'superadmin';

/** The roles let through by each level of access; the server's role guards and the screens read the same table. */
export const ROLES_BY_ACCESS: Record<Exclude<Access, 'public'>, readonly Role[]> = {
  user: ['user', 'admin', 'superadmin'],
  admin: ['admin', 'superadmin'],
  superadmin: ['superadmin'],
};

/** Whether a signed-in person of `role` passes the operation's role check (its tenant and billing aside). */
export function roleMayCall(operation: Pick<Operation, 'access'>, role: Role): boolean {
  return operation.access === 'public' || ROLES_BY_ACCESS[operation.access].includes(role);
}

/** A route's successful answer: its status and the shared schema of its body. */
export interface ResponseContract {
  status: number;
  schema: AnyObjectSchema;
}

/**
 * Who may call one method of a route. Public operations need nothing and platform ones a signed-in superadmin (no
 * key reaches either); a user or admin operation names what an API key needs for it, or SESSION_ONLY to refuse keys.
 */
type Callers =
  | { access: 'public' | 'superadmin' }
  | {
      access: 'user' | 'admin';
      key: ApiKeyPermission | typeof MANAGEMENT | typeof SESSION_ONLY;
      /** The caller must belong to a tenant (a superadmin without one gets 404); true unless stated. */
      tenant?: boolean;
      /** Behind the billing gate (402 while the tenant's billing is not usable); false unless stated. */
      billing?: boolean;
    };

/** One method of a route as the table declares it. */
export type OperationSpec = Callers & {
  /** The shared schema its JSON body (for GET, its query) is validated with. */
  request?: AnyObjectSchema;
  /** A body the request schema accepts: the document's example, and what the fuzz tests spoil a field at a time. */
  example?: Record<string, unknown>;
  response?: ResponseContract;
  /** What the operation does, for the OpenAPI document (beside who may call it). */
  description?: string;
};

/** One method of a route with everything derived from its declaration. */
export interface Operation {
  method: HttpMethod;
  /** The Koa pattern under {@link API_PREFIX}: `/agents/:id`. */
  pattern: string;
  /** The pattern from the server's origin, as the router lists it: `/api/agents/:id`. */
  path: string;
  access: Access;
  tenant: boolean;
  billing: boolean;
  key: KeyRequirement;
  request?: AnyObjectSchema;
  example?: Record<string, unknown>;
  response?: ResponseContract;
  description?: string;
}

/** One string argument per `:name` segment of a pattern, in order (any number for a pattern not known). */
export type PathParams<P extends string> = string extends P
  ? string[]
  : P extends `${string}:${string}/${infer Rest}`
    ? [string, ...PathParams<Rest>]
    : P extends `${string}:${string}`
      ? [string]
      : [];

export interface ApiRoute<P extends string = string, M extends HttpMethod = HttpMethod> {
  /** The path from the server's origin, each parameter URL-encoded: `/api/agents/abc`. */
  (...params: PathParams<P>): string;
  /** The Koa pattern under {@link API_PREFIX}: `/agents/:id`. */
  readonly pattern: P;
  /** The methods the API answers on this path (HEAD comes with GET). */
  readonly methods: readonly M[];
  /** One method's declaration: who may call it, what it takes and answers. */
  operation(method: M): Operation;
  /** The path relative to the API root, for a client whose base URL is the root: `agents/abc`. */
  relative(...params: PathParams<P>): string;
}

const PARAM = /:[A-Za-z]+/g;

function fill(pattern: string, params: readonly string[]): string {
  let next = 0;
  const path = pattern.replace(PARAM, (name) => {
    const value = params[next++];
    if (value === undefined) throw new Error(`${pattern} needs a value for ${name}`);
    return encodeURIComponent(value);
  });
  if (next !== params.length) throw new Error(`${pattern} takes ${next} parameters, not ${params.length}`);
  return path;
}

function operationOf(pattern: string, method: HttpMethod, spec: OperationSpec): Operation {
  const { request, example, response, description } = spec;
  const common = { method, pattern, path: `${API_PREFIX}${pattern}`, request, example, response, description };
  if (!('key' in spec)) {
    const key = spec.access === 'public' ? PUBLIC : SESSION_ONLY;
    return { ...common, access: spec.access, tenant: false, billing: false, key };
  }
  return { ...common, access: spec.access, tenant: spec.tenant ?? true, billing: spec.billing ?? false, key: spec.key };
}

/** Declares a path and, per method, who may call it and what it takes and answers. */
export function route<const P extends `/${string}`, const S extends Partial<Record<HttpMethod, OperationSpec>>>(
  pattern: P,
  specs: S,
): ApiRoute<P, keyof S & HttpMethod> {
  type M = keyof S & HttpMethod;
  const methods = Object.keys(specs) as M[];
  const operations = new Map(
    methods.map((method) => [method, operationOf(pattern, method, specs[method] as OperationSpec)]),
  );
  const build = (...params: PathParams<P>) => `${API_PREFIX}${fill(pattern, params)}`;
  return Object.assign(build, {
    pattern,
    methods,
    operation: (method: M) => operations.get(method) as Operation,
    relative: (...params: PathParams<P>) => fill(pattern, params).slice(1),
  });
}
