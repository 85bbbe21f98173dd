import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Draws the app icon (the renderer's favicon: a blue-to-teal tile with a speech bubble and a voice level) into the
 * PNGs electron-builder and the tray use, with no image library and no network. Run it after changing the design.
 */
const root = path.resolve(import.meta.dirname, '../..');

type Point = readonly [number, number];
type Shape = (x: number, y: number) => boolean;
interface Layer {
  shape: Shape;
  color: (x: number, y: number) => readonly [number, number, number];
  alpha: number;
}

/** The favicon's geometry, in its 32-unit view box. */
const VIEW = 32;

function roundedRect(left: number, top: number, width: number, height: number, radius: number): Shape {
  return (x, y) => {
    if (x < left || x > left + width || y < top || y > top + height) return false;
    const dx = Math.max(left + radius - x, 0, x - (left + width - radius));
    const dy = Math.max(top + radius - y, 0, y - (top + height - radius));
    return dx * dx + dy * dy <= radius * radius;
  };
}

function polygon(points: readonly Point[]): Shape {
  return (x, y) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i] as Point;
      const [xj, yj] = points[j] as Point;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

const union =
  (...shapes: Shape[]): Shape =>
  (x, y) =>
    shapes.some((shape) => shape(x, y));

const BLUE = [0x2f, 0x5b, 0xea] as const;
const TEAL = [0x14, 0xb8, 0xa6] as const;
const WHITE = () => [255, 255, 255] as const;

const LAYERS: Layer[] = [
  {
    shape: roundedRect(0, 0, 32, 32, 8),
    color: (x, y) => {
      const t = Math.min(Math.max((x + y) / (2 * VIEW), 0), 1);
      const mix = (from: number, to: number) => Math.round(from + (to - from) * t);
      return [mix(BLUE[0], TEAL[0]), mix(BLUE[1], TEAL[1]), mix(BLUE[2], TEAL[2])];
    },
    alpha: 1,
  },
  {
    shape: union(
      roundedRect(8, 6.5, 16, 14, 3),
      polygon([
        [15.8, 20.4],
        [11.5, 24.1],
        [10.3, 23.5],
        [10.3, 20.4],
      ]),
    ),
    color: WHITE,
    alpha: 0.18,
  },
  { shape: roundedRect(11, 11, 2, 5, 1), color: WHITE, alpha: 1 },
  { shape: roundedRect(15, 8.8, 2, 9.4, 1), color: WHITE, alpha: 1 },
  { shape: roundedRect(19, 10.5, 2, 6, 1), color: WHITE, alpha: 1 },
];

/** RGBA pixels of the icon at `size`, the tile inset by `padding` pixels, anti-aliased by 4×4 supersampling. */
function render(size: number, padding: number): Buffer {
  const samples = 4;
  const scale = VIEW / (size - 2 * padding);
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px - padding + (sx + 0.5) / samples) * scale;
          const y = (py - padding + (sy + 0.5) / samples) * scale;
          let [cr, cg, cb, ca] = [0, 0, 0, 0];
          for (const layer of LAYERS) {
            if (!layer.shape(x, y)) continue;
            const [lr, lg, lb] = layer.color(x, y);
            const la = layer.alpha;
            const outA = la + ca * (1 - la);
            cr = (lr * la + cr * ca * (1 - la)) / outA;
            cg = (lg * la + cg * ca * (1 - la)) / outA;
            cb = (lb * la + cb * ca * (1 - la)) / outA;
            ca = outA;
          }
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      }
      const offset = (py * size + px) * 4;
      pixels[offset] = a ? Math.round(r / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(b / a) : 0;
      pixels[offset + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size: number, pixels: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(6, 9);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** icon.png feeds electron-builder (macOS wants 1024 with a margin); resources/ ships with the app for run time. */
const OUTPUTS = [
  { file: 'build/icon.png', size: 1024, padding: 100 },
  { file: 'build/resources/window-icon.png', size: 256, padding: 0 },
  { file: 'build/resources/tray-icon.png', size: 16, padding: 0 },
  { file: 'build/resources/tray-icon@2x.png', size: 32, padding: 0 },
];

for (const { file, size, padding } of OUTPUTS) {
  const target = path.join(root, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, encodePng(size, render(size, padding)));
  process.stdout.write(`${file} ${size}×${size}\n`);
}
