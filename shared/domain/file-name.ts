/**
 * A user's file name made harmless for display and for a Content-Disposition header. Storage never uses it:
 * stored files have server-made keys (SECURITY F3).
 */
export const FILE_NAME_MAX = 255;

// Control characters, and the bidirectional overrides that make "gpj.exe" read as "exe.jpg".
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function sanitizeFileName(raw: string, fallback = 'upload'): string {
  let name = raw.normalize('NFC').replace(UNSAFE, '');
  // Keep only the last path segment, whichever separator the sender's system uses.
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/["<>:|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  name = name.replace(/^\.+/, '');
  if (!name) return fallback;
  if (name.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, FILE_NAME_MAX - ext.length) + ext;
}

/** An ASCII-only version for the plain `filename=` parameter; `filename*=` carries the full name. */
export function asciiFileName(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_') || 'download'
  );
}
