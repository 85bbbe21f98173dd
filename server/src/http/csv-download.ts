import { Readable } from 'node:stream';
import type { AppContext } from './auth.middleware';

/** Sends CSV text as a download, a batch at a time. */
export function sendCsv(ctx: AppContext, fileName: string, lines: AsyncIterable<string> | Iterable<string>): void {
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = Readable.from(lines);
}
