// Deterministic randomness for the market generator.
// Two flavours: a sequential PRNG (mulberry32) for catalogue choices, and a stateless hash
// (seed, stream, day) → number for daily shocks, so a NAV on a given day is the same whether
// the history is generated at once or extended day by day later.

/** murmur3's 32-bit finaliser: a good avalanche mix. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of (seed, stream, day, salt) as a uniform number in (0, 1). */
export function hashUniform(seed: number, stream: number, day: number, salt = 0): number {
  const h = mix32(mix32(mix32(mix32(seed ^ 0x9e3779b9) ^ stream) + Math.imul(day, 0x27d4eb2d)) ^ Math.imul(salt + 1, 0x165667b1));
  return (h + 0.5) / 4_294_967_296;
}

/** Standard normal from the hash (Box–Muller). */
export function hashNormal(seed: number, stream: number, day: number, salt = 0): number {
  const u1 = hashUniform(seed, stream, day, salt * 2);
  const u2 = hashUniform(seed, stream, day, salt * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Stable 32-bit number for a string (FNV-1a), used as a stream id. */
export function streamId(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Sequential seeded generator (mulberry32) with the helpers the catalogue needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = mix32(seed ^ 0x6d2b79f5) || 1;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  normal(): number {
    const u1 = this.next() || 1e-12;
    const u2 = this.next();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
}
