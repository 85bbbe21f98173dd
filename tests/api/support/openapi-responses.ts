import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '@shared/api/openapi';
import { API_PREFIX, apiRoutes, type ApiRoute } from '@shared/api/routes';
import { expectStatus, type ApiClient, type TestResponse } from './api-client';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

/** Checks an answer against the response schema the served OpenAPI document gives for its route and status. */
export interface DocumentedResponses {
  readonly document: OpenApiDocument;
  /**
   * Fails unless the document describes `method` on `route` with a schema for the answer's status and the body
   * validates against it; returns the answer for chaining.
   */
  expectDocumented<T>(response: TestResponse<T>, method: string, route: ApiRoute): TestResponse<T>;
}

/**
 * Reads /api/openapi.json from the running server once; any API suite can then check its answers against the
 * document, so the published schemas and the server cannot drift apart.
 */
export async function documentedResponses(client: ApiClient): Promise<DocumentedResponses> {
  const document = expectStatus(await client.request<OpenApiDocument>('GET', apiRoutes.openApi()), 200, 'openapi').body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi');
  const compiled = new Map<string, ValidateFunction>();

  return {
    document,
    expectDocumented(response, method, route) {
      const path = route.pattern.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = (document.paths as Record<string, Record<string, Operation>>)[path]?.[method.toLowerCase()];
      if (!operation) throw new Error(`the document has no ${method} ${API_PREFIX}${route.pattern}`);
      const status = String(response.status);
      const declared = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
      const schema = declared?.content?.['application/json']?.schema;
      if (!schema) throw new Error(`the document gives no schema for ${status} of ${method} ${path}`);
      const key = `${method} ${path} ${status}`;
      let validate = compiled.get(key);
      if (!validate) {
        // References point into the document's components.
        validate = ajv.compile(
          JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')),
        );
        compiled.set(key, validate);
      }
      if (!validate(response.body)) {
        throw new Error(
          `${method} ${path} ${status} does not match the document: ${ajv.errorsText(validate.errors)}\n${response.text}`,
        );
      }
      return response;
    },
  };
}
