import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { asciiFileName } from '@shared/domain/file-name';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { authOf, tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';
import { readSingleFile } from './uploads.multipart';

/** File upload (knowledge PDFs, images) and tenant-checked download. */
export function uploadsRoutes(_deps: AppDeps, guards: Guards, { uploads: service }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.uploads.create, 'POST', async (ctx) => {
    const file = await readSingleFile(ctx.req, {
      fileField: 'file',
      headBytes: service.headBytes,
      hardMaxBytes: service.hardMaxBytes,
      inspect: service.limitFor,
    });
    ctx.status = 201;
    ctx.body = await service.store(tenantIdOf(ctx), authOf(ctx).userId, {
      fileName: file.fileName,
      data: file.data,
      purpose: file.fields.purpose,
    });
  });

  router.handle(apiRoutes.uploads.byId, 'GET', async (ctx) => {
    const { upload, data } = await service.read(tenantIdOf(ctx), ctx.params.id ?? '');
    // Always a download, never rendered by the browser in our origin (SECURITY F3).
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${asciiFileName(upload.originalName)}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`,
    );
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.type = upload.mimeType;
    ctx.body = data;
  });

  return router;
}
