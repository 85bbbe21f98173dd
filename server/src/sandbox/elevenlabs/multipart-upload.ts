import busboy from 'busboy';
import type { Context } from 'koa';

export interface Upload {
  filename: string;
  data: Buffer;
  /** True when the file went over the size limit and was cut short. */
  truncated: boolean;
  fields: Record<string, string>;
}

/** Reads a multipart body's `file` part and its other fields; null when there is no `file` part. */
export function readUpload(ctx: Context, maxBytes: number): Promise<Upload | null> {
  return new Promise((resolve, reject) => {
    const parser = busboy({ headers: ctx.req.headers, limits: { fileSize: maxBytes, files: 1 } });
    const fields: Record<string, string> = {};
    let file: Omit<Upload, 'fields'> | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        file = { filename: info.filename ?? '', data: Buffer.concat(chunks), truncated: stream.truncated === true };
      });
    });
    parser.on('error', reject);
    parser.on('close', () => resolve(file ? { ...file, fields } : null));
    ctx.req.pipe(parser);
  });
}
