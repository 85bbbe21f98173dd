import { describe, expect, it } from 'vitest';
import { detectFileType, imageDimensions, withTypeExtension } from './file-signature';
import { asciiFileName, sanitizeFileName } from './file-name';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

const png = (w: number, h: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(w), be32(h));
const gif = (w: number, h: number) => bytes('GIF89a', le16(w), le16(h), [0, 0, 0]);
const webpX = (w: number, h: number) =>
  bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8X', [10, 0, 0, 0], [0, 0, 0, 0], le24(w - 1), le24(h - 1));
const jpeg = (w: number, h: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0, 16],
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xc0, 0, 17, 8],
    [(h >> 8) & 255, h & 255, (w >> 8) & 255, w & 255],
    [3, 1, 0x22, 0],
  );

describe('detectFileType', () => {
  it.each([
    [bytes('%PDF-1.7\n'), 'application/pdf'],
    [png(1, 1), 'image/png'],
    [jpeg(1, 1), 'image/jpeg'],
    [gif(1, 1), 'image/gif'],
    [webpX(1, 1), 'image/webp'],
  ])('recognises %#', (input, type) => {
    expect(detectFileType(input)).toBe(type);
  });

  it.each([
    ['a Windows executable', bytes('MZ', [0x90, 0, 3, 0, 0, 0]), null],
    ['an ELF binary', bytes([0x7f], 'ELF'), null],
    ['an HTML page', bytes('<!doctype html><script>alert(1)</script>'), null],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['a PDF marker that is not at the start', bytes(' %PDF-1.4'), null],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVE'), null],
    ['an empty file', bytes(), null],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e]), null],
  ])('rejects %s', (_name, input, type) => {
    expect(detectFileType(input)).toBe(type);
  });
});

describe('imageDimensions', () => {
  it('reads the size from each image header', () => {
    expect(imageDimensions('image/png', png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions('image/gif', gif(320, 200))).toEqual({ width: 320, height: 200 });
    expect(imageDimensions('image/webp', webpX(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    expect(imageDimensions('image/jpeg', jpeg(800, 600))).toEqual({ width: 800, height: 600 });
  });

  it('sees a pixel flood in a tiny file', () => {
    const size = imageDimensions('image/png', png(100_000, 100_000));
    expect((size?.width ?? 0) * (size?.height ?? 0)).toBeGreaterThan(50_000_000);
  });

  it('answers null for a malformed header', () => {
    expect(imageDimensions('image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(imageDimensions('image/jpeg', bytes([0xff, 0xd8, 0x00, 0x00]))).toBeNull();
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system32\\x.pdf', 'x.pdf'],
    ['%2e%2e%2fsecret.pdf', '%2e%2e%2fsecret.pdf'],
    ['a\u0000b.pdf', 'ab.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['.htaccess', 'htaccess'],
    ['   ', 'upload'],
    ['a"b<c>.pdf', 'a_b_c_.pdf'],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('shortens very long names and keeps the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(1000)}.pdf`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('gives an ASCII fallback for headers', () => {
    expect(asciiFileName('Café menu "new".pdf')).toBe('Cafe menu _new_.pdf');
  });
});

describe('withTypeExtension', () => {
  it('adds the extension of the detected type only when it is missing', () => {
    expect(withTypeExtension('Price list', 'application/pdf')).toBe('Price list.pdf');
    expect(withTypeExtension('menu.PDF', 'application/pdf')).toBe('menu.PDF');
    expect(withTypeExtension('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
  });
});
