/** Files as clients upload them: bytes whose signature says what they are, in a multipart form. */

const PDF_HEAD = Buffer.from('%PDF-1.7\n');

/** A PDF by its signature, padded to `size` bytes. */
export function pdfBytes(size = 200): Buffer {
  return Buffer.concat([PDF_HEAD, Buffer.alloc(Math.max(0, size - PDF_HEAD.length), 0x20)]);
}

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** A PNG whose header declares `width` × `height`, padded to `size` bytes. */
export function pngBytes(width: number, height: number, size = 64): Buffer {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const header = [...be32(13), ...Buffer.from('IHDR'), ...be32(width), ...be32(height), 8, 6, 0, 0, 0];
  const head = Buffer.from([...signature, ...header]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}

/** A multipart form with `fields` and the file in `field` (the upload route reads `file`). */
export function fileForm(
  file: Buffer,
  name: string,
  {
    fields = {},
    field = 'file',
    type = 'application/pdf',
  }: { fields?: Record<string, string>; field?: string; type?: string } = {},
): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append(field, new Blob([new Uint8Array(file)], { type }), name);
  return body;
}
