import type pg from 'pg';

/**
 * `COPY … FROM STDIN` through node-postgres without pg-copy-streams: a Submittable (the extension point node-postgres
 * offers for custom queries, as pg-cursor uses) that answers the server's CopyInResponse with the rows in COPY's text
 * format. The rows are encoded up front in chunks; the socket buffers what the server has not read yet.
 */
const CHUNK_BYTES = 64 * 1024;

/** The protocol messages node-postgres's connection sends on a query's behalf. */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

/** One value in COPY's text format: `\N` for null, backslash escapes for the separators. */
export function copyTextValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'boolean') text = value ? 't' : 'f';
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else text = JSON.stringify(value);
  return text.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}

function encodeRows(rows: readonly (readonly unknown[])[]): Buffer[] {
  const chunks: Buffer[] = [];
  let lines: string[] = [];
  let size = 0;
  for (const row of rows) {
    const line = `${row.map(copyTextValue).join('\t')}\n`;
    lines.push(line);
    size += line.length;
    if (size >= CHUNK_BYTES) {
      chunks.push(Buffer.from(lines.join(''), 'utf8'));
      lines = [];
      size = 0;
    }
  }
  if (lines.length) chunks.push(Buffer.from(lines.join(''), 'utf8'));
  return chunks;
}

class CopyFromRows {
  private rowCount = 0;
  private settled = false;

  constructor(
    readonly text: string,
    private readonly chunks: Buffer[],
    private readonly done: (error: Error | null, rowCount: number) => void,
  ) {}

  submit(connection: CopyConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }

  handleCommandComplete(message: { text?: string }): void {
    this.rowCount = Number(/^COPY (\d+)$/.exec(message.text ?? '')?.[1] ?? 0);
  }

  /** A server error, or a connection lost mid-copy (then no ReadyForQuery follows). */
  handleError(error: Error): void {
    this.settle(error);
  }

  handleReadyForQuery(): void {
    this.settle(null);
  }

  private settle(error: Error | null): void {
    if (this.settled) return;
    this.settled = true;
    this.done(error, this.rowCount);
  }

  // A COPY FROM answers with none of these; node-postgres calls them on any active query.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** Runs `COPY table (columns) FROM STDIN` with these rows; resolves with the number of rows the server stored. */
export function copyRowsInto(
  client: pg.ClientBase,
  copySql: string,
  rows: readonly (readonly unknown[])[],
): Promise<number> {
  return new Promise((resolve, reject) => {
    const copy = new CopyFromRows(copySql, encodeRows(rows), (error, count) =>
      error ? reject(error) : resolve(count),
    );
    // node-postgres types its query() for config objects; a Submittable is the documented other form.
    (client as unknown as { query(submittable: CopyFromRows): unknown }).query(copy);
  });
}
