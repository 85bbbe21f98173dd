/**
 * File types by their leading bytes ("magic numbers"), never by name or declared header (SECURITY F2),
 * and image dimensions read from the headers, so a pixel flood is refused before anything decodes it.
 */

export type DetectedFileType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const FILE_EXTENSIONS: Record<DetectedFileType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
};

/** How many leading bytes detectFileType and imageDimensions need to decide (JPEG frames may come later). */
export const SIGNATURE_BYTES = 64 * 1024;

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (ascii(bytes, 0, '%PDF-')) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  return null;
}

export function isImageType(type: DetectedFileType): boolean {
  return type.startsWith('image/');
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

export interface ImageSize {
  width: number;
  height: number;
}

/** Width and height from the image's header, or null when the header is missing or malformed. */
export function imageDimensions(type: DetectedFileType, b: Uint8Array): ImageSize | null {
  switch (type) {
    case 'image/png':
      return ascii(b, 12, 'IHDR') ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
    case 'image/gif':
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
    case 'image/webp':
      if (ascii(b, 12, 'VP8X')) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
      if (ascii(b, 12, 'VP8L') && b.length >= 25) {
        const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      if (ascii(b, 12, 'VP8 ') && b.length >= 30)
        return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
      return null;
    case 'image/jpeg':
      return jpegDimensions(b);
    default:
      return null;
  }
}

/** Walks the JPEG markers to the first start-of-frame, which carries the size. */
function jpegDimensions(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

/** The name with the extension its detected type calls for, so providers that go by extension accept it. */
export function withTypeExtension(name: string, type: DetectedFileType): string {
  const extension = FILE_EXTENSIONS[type];
  const alternatives = type === 'image/jpeg' ? [extension, '.jpeg'] : [extension];
  return alternatives.some((ext) => name.toLowerCase().endsWith(ext)) ? name : `${name}${extension}`;
}
