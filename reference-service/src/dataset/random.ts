/**
 * Deterministic pseudo-randomness keyed by (seed, parts…). Each draw is independent of the order in
 * which draws are made, so any slice of the dataset is reproducible on its own.
 */

/** 32-bit FNV-1a hash of a string: the per-symbol seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** murmur3's finaliser: spreads every input bit over the output. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform draw in [0, 1) determined by the seed and the parts. */
export function uniform(seed: number, ...parts: number[]): number {
  let h = mix(seed);
  for (const part of parts) h = mix(h ^ mix(Math.trunc(part) + 0x9e3779b9));
  return h / 0x1_0000_0000;
}

/** A standard normal draw (Box–Muller) determined by the seed and the parts. */
export function gaussian(seed: number, ...parts: number[]): number {
  const u1 = Math.max(uniform(seed, ...parts, 1), Number.EPSILON);
  const u2 = uniform(seed, ...parts, 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** An integer draw in [min, max]. */
export function integerBetween(min: number, max: number, seed: number, ...parts: number[]): number {
  return min + Math.floor(uniform(seed, ...parts) * (max - min + 1));
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
