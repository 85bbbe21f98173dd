import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import { isApiPath } from '@shared/api/routes';
import type { AppState } from './auth.middleware';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves the built renderer; any other non-API GET gets index.html so client routes work on reload. */
export function staticRenderer(rootDir: string): Middleware<AppState> {
  const root = path.resolve(rootDir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    let file = path.resolve(root, `.${relative}`);
    if (!file.startsWith(root + path.sep) || !isFile(file)) file = path.join(root, 'index.html');
    if (!isFile(file)) return next();
    ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    ctx.set(
      'Cache-Control',
      file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    ctx.body = fs.createReadStream(file);
  };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
