import path from 'node:path';
import type { Middleware, Next, ParameterizedContext } from 'koa';
import conditional from 'koa-conditional-get';
import etag from '@koa/etag';
import serve from 'koa-static';
import { isApiPath } from '@shared/api/routes';
import type { AppState } from './auth.middleware';

/** Vite names every file here after its content, so a cached copy never needs checking again. */
const HASHED_ASSETS_PATH = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files may change with any build: cache them, but revalidate each use. */
const REVALIDATE = 'no-cache';

type Context = ParameterizedContext<AppState>;

/**
 * Serves the built renderer: the brotli or gzip copy made at build time when the client takes it, hashed assets
 * cached for good, and index.html — with an ETag, so a reload costs a 304 — for every other path that is not the API,
 * so that client routes work when typed in or reloaded. A missing hashed asset is a 404, never index.html.
 */
export function staticRenderer(rootDir: string): Middleware<AppState> {
  const root = path.resolve(rootDir);
  const hashedAssetsDir = path.join(root, HASHED_ASSETS_PATH, path.sep);
  const serveFile = serve(root, {
    index: false,
    brotli: true,
    gzip: true,
    setHeaders: (res, file) =>
      res.setHeader('Cache-Control', file.startsWith(hashedAssetsDir) ? IMMUTABLE : REVALIDATE),
  }) as Middleware<AppState>;
  const conditionalGet = conditional() as Middleware<AppState>;
  const entityTag = etag() as Middleware<AppState>;

  const serveIndexHtml = async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith(HASHED_ASSETS_PATH)) return next();
    const requested = ctx.path;
    ctx.path = '/index.html';
    try {
      await serveFile(ctx, next);
    } finally {
      ctx.path = requested;
    }
  };

  const serveRenderer = async (ctx: Context, next: Next) => {
    ctx.vary('Accept-Encoding');
    await serveFile(ctx, () => serveIndexHtml(ctx, next));
  };

  return (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    return conditionalGet(ctx, () => entityTag(ctx, () => serveRenderer(ctx, next)));
  };
}
