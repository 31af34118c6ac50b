// Cosine similarity of two vectors: a·b / (‖a‖‖b‖) (= 1 − scipy.spatial.distance.cosine). A zero vector
// has no direction: its similarity to anything is defined here as 0 rather than NaN.
// Example: cosine([1, 2, 3], [4, 5, 6.5]) → 0.981270.

export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError(`cosine: vector lengths differ (${a.length} vs ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}
