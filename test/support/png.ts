import { inflateSync } from "node:zlib";

/** A decoded 8-bit RGBA PNG: its size and pixels, row by row, 4 bytes a pixel. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly rgba: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes one scanline's filter (PNG spec section 9) in place, given the unfiltered line above. */
function unfilter(type: number, line: Buffer, above: Buffer): void {
  for (let i = 0; i < line.length; i++) {
    const left = i >= 4 ? (line[i - 4] ?? 0) : 0;
    const up = above[i] ?? 0;
    const upLeft = i >= 4 ? (above[i - 4] ?? 0) : 0;
    const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][type];
    if (predictor === undefined) throw new Error(`unknown PNG filter type ${type}`);
    line[i] = ((line[i] ?? 0) + predictor) & 0xff;
  }
}

/** Reads a non-interlaced 8-bit RGBA PNG (what scripts/make-icons.mjs writes); throws on anything else. */
export function readRgbaPng(bytes: Buffer): RgbaImage {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG file");
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString("ascii");
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) throw new Error("not a non-interlaced 8-bit RGBA PNG");
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const rgba = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    unfilter(
      raw[y * (stride + 1)] ?? 0,
      line,
      y === 0 ? Buffer.alloc(stride) : rgba.subarray((y - 1) * stride, y * stride),
    );
    line.copy(rgba, y * stride);
  }
  return { width, height, rgba };
}

/** Every pixel as [r, g, b, a]. */
export function pixelsOf(image: RgbaImage): Array<[number, number, number, number]> {
  const pixels: Array<[number, number, number, number]> = [];
  for (let i = 0; i < image.rgba.length; i += 4) {
    pixels.push([image.rgba[i] ?? 0, image.rgba[i + 1] ?? 0, image.rgba[i + 2] ?? 0, image.rgba[i + 3] ?? 0]);
  }
  return pixels;
}
