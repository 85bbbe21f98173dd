import type Router from '@koa/router';
import { buildOpenApiDocument } from '@shared/api/openapi';
import { API_PREFIX, apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import type { AppState, Guards } from '../../http/auth.middleware';

/** The version the document states; the API is versioned with the product. */
const API_VERSION = '0.1.0';

/** Whether the running server answers `method` on `pattern`: the document names nothing else. */
function servedBy(router: Router<AppState>) {
  const registered = new Set(router.stack.flatMap((layer) => layer.methods.map((method) => `${method} ${layer.path}`)));
  return (method: string, pattern: string) => registered.has(`${method} ${API_PREFIX}${pattern}`);
}

/** GET /api/openapi.json: the OpenAPI 3.1 document, generated on the first request and kept. */
export function openApiRoutes(_deps: AppDeps, guards: Guards): Router<AppState> {
  const router = createApiRouter(guards);
  let document: string | undefined;
  router.handle(apiRoutes.openApi, 'GET', (ctx) => {
    document ??= JSON.stringify(buildOpenApiDocument(API_VERSION, servedBy(ctx.router as Router<AppState>)));
    ctx.type = 'application/json';
    ctx.body = document;
  });
  return router;
}
