import fs from 'node:fs/promises';
import path from 'node:path';
import type { CustomScheme } from 'electron';
import { APP_HOST, APP_SCHEME } from '../app-origin';

/**
 * Registered before the app is ready: a standard, secure scheme, so the renderer has a real origin (CORS, Web Locks,
 * history routing) and Vite's module scripts load.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface AppProtocolOptions {
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  contentSecurityPolicy: string;
}

/**
 * Serves app://parley/* from the built renderer: files by path, client routes (no extension) as index.html, nothing
 * outside the folder and nothing for another host.
 */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const root = path.resolve(options.rendererDir);
  const headers = (type: string): HeadersInit => ({
    'Content-Type': type,
    'Content-Security-Policy': options.contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  });
  const notFound = () => new Response('Not found', { status: 404, headers: headers('text/plain; charset=utf-8') });

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: headers('text/plain; charset=utf-8') });
    }
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return notFound();
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    if (relative.includes('\0')) return notFound();
    const requested = path.resolve(root, `.${relative}`);
    if (requested !== root && !requested.startsWith(root + path.sep)) return notFound();

    const file = path.extname(requested) ? requested : path.join(root, 'index.html');
    try {
      const body = await fs.readFile(file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: headers(TYPES[path.extname(file)] ?? 'application/octet-stream'),
      });
    } catch {
      return notFound();
    }
  };
}
