import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { DomainError } from '../../domain/domain-error';

export interface ReceivedFile {
  fieldName: string;
  /** The name the sender gave; untrusted, only for display after sanitising. */
  fileName: string;
  data: Buffer;
  /** Text fields sent before or after the file. */
  fields: Record<string, string>;
}

export interface SingleFileOptions {
  fileField: string;
  /** Bytes of the file's start that `inspect` sees (fewer when the file is shorter). */
  headBytes: number;
  /** The largest file any inspection may allow; busboy stops counting past it. */
  hardMaxBytes: number;
  /** Decides from the file's first bytes (and the fields so far) how large it may be, or throws (415, 400). */
  inspect(head: Buffer, fields: Record<string, string>): { maxBytes: number; tooLargeMessage: string };
}

/** Room for the multipart boundaries and headers around the file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Streams one multipart file into memory, refusing it as soon as it is known to be wrong: a bad type after
 * its first bytes (415), too many bytes the moment the limit is passed (413), never after reading it all.
 */
export function readSingleFile(req: IncomingMessage, options: SingleFileOptions): Promise<ReceivedFile> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return Promise.reject(new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Upload the file as multipart/form-data.'));
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.hardMaxBytes + ENVELOPE_BYTES) {
    return Promise.reject(new DomainError('PAYLOAD_TOO_LARGE', 'The file is too large.'));
  }

  return new Promise<ReceivedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send file names as raw UTF-8, not the latin1 busboy assumes by default.
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 8, fieldSize: 1024, parts: 10, fileSize: options.hardMaxBytes + 1 },
      });
    } catch {
      reject(new DomainError('VALIDATION_FAILED', 'The multipart body is malformed.'));
      return;
    }
    const fields: Record<string, string> = {};
    let received: ReceivedFile | null = null;
    let settled = false;

    const fail = (error: DomainError) => {
      if (settled) return;
      settled = true;
      // Stop parsing and discard whatever the client still sends, without buffering it.
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      req.resume();
      reject(error);
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(new DomainError('VALIDATION_FAILED', 'Upload one file at a time.')));
    parser.on('partsLimit', () => fail(new DomainError('VALIDATION_FAILED', 'The upload has too many parts.')));
    parser.on('fieldsLimit', () => fail(new DomainError('VALIDATION_FAILED', 'The upload has too many fields.')));
    parser.on('error', () => fail(new DomainError('VALIDATION_FAILED', 'The multipart body is malformed.')));

    parser.on('file', (name, stream, info) => {
      if (name !== options.fileField) {
        stream.resume();
        fail(new DomainError('VALIDATION_FAILED', `Send the file in the "${options.fileField}" field.`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let limit: { maxBytes: number; tooLargeMessage: string } | null = null;
      const decide = () => {
        if (limit) return true;
        try {
          limit = options.inspect(Buffer.concat(chunks).subarray(0, options.headBytes), fields);
          return true;
        } catch (error) {
          stream.resume();
          fail(
            error instanceof DomainError
              ? error
              : new DomainError('UNSUPPORTED_MEDIA_TYPE', 'This file type is not allowed.'),
          );
          return false;
        }
      };
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk);
        size += chunk.length;
        if (!limit && size >= options.headBytes && !decide()) return;
        if (limit && size > limit.maxBytes) {
          stream.resume();
          fail(new DomainError('PAYLOAD_TOO_LARGE', limit.tooLargeMessage));
        }
      });
      stream.on('limit', () =>
        fail(new DomainError('PAYLOAD_TOO_LARGE', limit?.tooLargeMessage ?? 'The file is too large.')),
      );
      stream.on('end', () => {
        if (settled || !decide() || !limit) return;
        if (size > limit.maxBytes) {
          fail(new DomainError('PAYLOAD_TOO_LARGE', limit.tooLargeMessage));
          return;
        }
        received = { fieldName: name, fileName: info.filename ?? '', data: Buffer.concat(chunks, size), fields };
      });
    });

    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (received) resolve(received);
      else
        reject(
          new DomainError('VALIDATION_FAILED', 'No file was uploaded.', { fields: { file: 'A file is required' } }),
        );
    });

    req.on('aborted', () => fail(new DomainError('VALIDATION_FAILED', 'The upload was interrupted.')));
    req.pipe(parser);
  });
}
