// Writes the add-in's PNG icons (a rising bar chart with a trend line on a teal tile) without any image library:
// the ribbon and XML-manifest icons (16, 32, 64, 80: a rounded tile), and the two icons of the Microsoft 365 app
// package: color (192x192, the tile filling the square; Microsoft 365 rounds it itself) and outline (32x32, the
// chart in white on a transparent background, as the unified manifest's "icons.outline" requires).
// Run: node scripts/make-icons.mjs   (the PNGs in assets/ are committed; rerun only to change the design)
import { writeFileSync, mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), "..", "assets");
/** File name, size in pixels, and how the tile is drawn. */
const ICONS = [
  ...[16, 32, 64, 80].map((size) => ({ file: `icon-${size}.png`, size, style: "tile" })),
  { file: "icon-color-192.png", size: 192, style: "full" },
  { file: "icon-outline-32.png", size: 32, style: "outline" },
];
const TILE = [0x0f, 0x6c, 0xbd];
const BAR = [0xff, 0xff, 0xff];
const LINE = [0xff, 0xc8, 0x3d];

/** Coverage of a pixel by a shape, from 4x4 supersampling, so small sizes stay smooth. */
function coverage(inside, x, y) {
  let hits = 0;
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) hits++;
  return hits / 16;
}

/** The design in unit coordinates (0..1, y down). */
function shapes() {
  const r = 0.18;
  const tile = (u, v) => {
    const cx = Math.min(Math.max(u, r), 1 - r),
      cy = Math.min(Math.max(v, r), 1 - r);
    return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
  };
  const bars = [
    [0.2, 0.62],
    [0.42, 0.46],
    [0.64, 0.3],
  ];
  const bar = (u, v) => bars.some(([x0, top]) => u >= x0 && u <= x0 + 0.16 && v >= top && v <= 0.82);
  const pts = [
    [0.16, 0.5],
    [0.42, 0.32],
    [0.58, 0.38],
    [0.86, 0.14],
  ];
  const line = (u, v) => pts.slice(1).some(([x1, y1], k) => distToSegment(u, v, pts[k], [x1, y1]) <= 0.045);
  return { tile, bar, line };
}

function distToSegment(u, v, [ax, ay], [bx, by]) {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(u - (ax + t * dx), v - (ay + t * dy));
}

/** One pixel's RGBA from the coverage of tile (a), bars (b) and line (l), for each style. */
function shade(style, a, b, l) {
  if (style === "outline") return [0xff, 0xff, 0xff, Math.round(Math.max(b, l) * 255)];
  const mix = (k) => Math.round((TILE[k] * (1 - b) + BAR[k] * b) * (1 - l) + LINE[k] * l);
  return [mix(0), mix(1), mix(2), style === "full" ? 255 : Math.round(a * 255)];
}

function pixels(size, style) {
  const { tile, bar, line } = shapes();
  const scaled = (f) => (x, y) => f(x / size, y / size);
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const a = coverage(scaled(tile), x, y),
        b = coverage(scaled(bar), x, y),
        l = coverage(scaled(line), x, y);
      rgba.set(shade(style, a, b, l), (y * size + x) * 4);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size, style) {
  const rgba = pixels(size, style);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync(ASSETS, { recursive: true });
for (const icon of ICONS) {
  const file = join(ASSETS, icon.file);
  writeFileSync(file, png(icon.size, icon.style));
  console.log(`wrote ${file}`);
}
