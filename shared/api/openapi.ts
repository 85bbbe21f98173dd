import { CALL_OUTCOMES } from '../domain/call-outcomes';
import { CALLBACK_REASONS, CALLBACK_STATUSES } from './callbacks.types';
import { ERROR_CODES } from './error-codes';
import { toJsonSchema, type JsonSchema } from './json-schema';
import { webhooksSection } from './openapi-webhooks';
import { MANAGEMENT, PUBLIC, SESSION_ONLY, type KeyRequirement } from './permissions';
import { API_PREFIX, apiRoutes, type ApiRoute, type HttpMethod, type Operation } from './routes';

/** The names of the two ways to authenticate, as the document's security schemes call them. */
export const SECURITY_SCHEMES = { bearer: 'bearerAuth', apiKey: 'apiKeyHeader' } as const;

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string', enum: [...ERROR_CODES] },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    requiresPayment: { type: 'boolean' },
    billingStatus: { type: 'string' },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** `/agents/:id` becomes `/agents/{id}`. */
const openApiPath = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, '{$1}');

/** Every route of the contract with its tag: its group in apiRoutes (`agents`, `apiKeys`), or its own name. */
function taggedRoutes(): Array<[ApiRoute, string]> {
  return Object.entries(apiRoutes).flatMap(([group, entry]): Array<[ApiRoute, string]> =>
    typeof entry === 'function' ? [[entry, group]] : Object.values(entry).map((route) => [route as ApiRoute, group]),
  );
}

function describeAccess(requirement: KeyRequirement): string {
  if (requirement === PUBLIC) return 'No authentication.';
  if (requirement === SESSION_ONLY) return 'Signed-in users only; API keys are refused.';
  if (requirement === MANAGEMENT) {
    return 'Tenant admins, or an API key of the admin scope (which never creates or reactivates keys).';
  }
  if (requirement === 'team:manage') {
    return 'Tenant admins, or an API key of the admin scope with `team:manage`, which never grants, changes or removes an admin, and grants the user role only when it holds every other permission.';
  }
  return `Signed-in users, or an API key with the \`${requirement}\` permission and a scope that allows this method.`;
}

function securityOf(requirement: KeyRequirement) {
  if (requirement === PUBLIC) return [];
  if (requirement === SESSION_ONLY) return [{ [SECURITY_SCHEMES.bearer]: [] }];
  return [{ [SECURITY_SCHEMES.bearer]: [] }, { [SECURITY_SCHEMES.apiKey]: [] }];
}

function queryParameters(schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function operation(
  { method, pattern, key: requirement, request, example, response, description }: Operation,
  tag: string,
) {
  const pathParameters = [...pattern.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const requestSchema = request ? toJsonSchema(request) : undefined;
  const parameters = [...pathParameters, ...(method === 'GET' && requestSchema ? queryParameters(requestSchema) : [])];
  const success = response
    ? {
        [response.status]: {
          description: 'Success',
          content: { 'application/json': { schema: toJsonSchema(response.schema) } },
        },
      }
    : { '2XX': { description: 'Success' } };
  return {
    operationId: `${method.toLowerCase()}${openApiPath(pattern).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = '') => c.toUpperCase())}`,
    tags: [tag],
    summary: `${method} ${openApiPath(pattern)}`,
    description: description ? `${description}\n\n${describeAccess(requirement)}` : describeAccess(requirement),
    security: securityOf(requirement),
    'x-api-key-permission': requirement,
    ...(parameters.length ? { parameters } : {}),
    ...(requestSchema && method !== 'GET'
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: requestSchema, ...(example ? { example } : {}) } },
          },
        }
      : {}),
    responses: {
      ...success,
      ...(requirement === PUBLIC
        ? {}
        : { 401: errorResponse('Not signed in, or the key is invalid, inactive or expired') }),
      ...(requirement === PUBLIC ? {} : { 403: errorResponse('The role, scope or permission does not allow this') }),
      '4XX': errorResponse('The request was refused; the message says why'),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the whole API, generated from the route table (shared/api/routes.ts): each route's
 * methods, who may call them, and the shared yup schemas of their request and answer.
 * `served` tells which methods of which patterns the running server answers; the document names no other.
 */
export function buildOpenApiDocument(version: string, served: (method: HttpMethod, pattern: string) => boolean) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, tag] of taggedRoutes()) {
    for (const method of route.methods.filter((m) => served(m, route.pattern))) {
      const item = (paths[openApiPath(route.pattern)] ??= {});
      item[method.toLowerCase()] = operation(route.operation(method), tag);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version,
      description:
        'The REST API of Parley. Authenticate with an access token from sign-in, or with an API key created on the ' +
        'API keys page, sent as `Authorization: Bearer <key>` or `X-API-Key: <key>`. Money is in integer cents, ' +
        'durations in integer seconds, times are UTC ISO strings.',
    },
    servers: [{ url: API_PREFIX }],
    components: {
      securitySchemes: {
        [SECURITY_SCHEMES.bearer]: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token from sign-in, or an API key (they start with `prly_`).',
        },
        [SECURITY_SCHEMES.apiKey]: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key.' },
      },
      schemas: {
        Error: ERROR_SCHEMA,
        CallOutcome: {
          type: 'string',
          enum: [...CALL_OUTCOMES],
          description:
            'How a call ended (a call’s `outcome`, an attempt’s `outcome`, the analytics’ outcome keys): `transferred` ' +
            'the agent handed the caller to a person who answered; `transfer_missed` nobody answered the transfer or ' +
            'the target was outside its hours, and a callback was created.',
        },
        CallbackStatus: { type: 'string', enum: [...CALLBACK_STATUSES] },
        CallbackReason: { type: 'string', enum: [...CALLBACK_REASONS] },
      },
    },
    paths,
    webhooks: webhooksSection(),
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
