import type { IncomingMessage } from 'node:http';
import { DomainError } from '../domain/domain-error';

/** 100,000 contacts with a few metadata columns fit several times over. */
export const CSV_MAX_BYTES = 32 * 1024 * 1024;

const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', 'The CSV file is too large: at most 32 MB.');

/**
 * Streams a CSV request body (Content-Type text/csv, or text/plain from a client that cannot name it) into text,
 * refusing it the moment it passes the limit; the file must be UTF-8 (a byte-order mark is allowed) and not empty.
 */
export async function readCsvBody(req: IncomingMessage, maxBytes = CSV_MAX_BYTES): Promise<string> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^text\/(csv|plain)\s*(;|$)/i.test(contentType)) {
    throw new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the CSV file itself as the body, with Content-Type text/csv.',
    );
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'The CSV file must be UTF-8 text.');
  }
  if (text.includes('\u0000')) throw new DomainError('VALIDATION_FAILED', 'Text must not contain NUL characters.');
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new DomainError('VALIDATION_FAILED', 'The CSV file is empty.');
  return text;
}
