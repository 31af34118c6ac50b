// A small deterministic generator (mulberry32) for generated test inputs, so a failure names a seed
// that can be rerun. Tests only: src/core/random.ts is the product's seeded generator.
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
