// Number formatting: significant digits, not fixed decimals, so a deciding +0.00002 never reads "+0.0000";
// integers (counts) print as integers, never "8.0000".
export function sig(v: unknown, digits = 3): string {
  if (typeof v !== "number" || !Number.isFinite(v)) return "—";
  if (Number.isInteger(v)) return String(v);
  const a = Math.abs(v);
  if (a < 1e-3 || a >= 1e6) return v.toExponential(digits - 1);
  return v.toFixed(Math.max(0, digits - 1 - Math.floor(Math.log10(a))));
}
export const signedSig = (v: unknown, digits = 3): string => (typeof v === "number" && Number.isFinite(v) ? `${v > 0 ? "+" : ""}${sig(v, digits)}` : "—");
export const num = (v: unknown, digits = 3): string => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(digits) : "—");
export const signed = (v: unknown, digits = 3): string => (typeof v === "number" && Number.isFinite(v) ? `${v >= 0 ? "+" : ""}${v.toFixed(digits)}` : "—");
export const ci = (c: unknown, digits = 3): string => (Array.isArray(c) && c.length === 2 ? `[${signed(c[0], digits)}, ${signed(c[1], digits)}]` : "—");
/** A 95% interval with significant digits on each end. */
export const ciSig = (c: unknown, digits = 3): string => (Array.isArray(c) && c.length === 2 ? `[${signedSig(c[0], digits)}, ${signedSig(c[1], digits)}]` : "—");
export const pct = (v: unknown, digits = 0): string => (typeof v === "number" ? `${(100 * v).toFixed(digits)}%` : "—");
export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** About `count` round tick values spanning [lo, hi] (1, 2 or 5 × 10^k steps). */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : Number(t.toPrecision(12)));
  return out;
}

/** A long id cut in the middle, so both its start and its end ("…-bait") stay visible; the whole id goes in a title. */
export function midEllipsis(text: string, max = 28): string {
  if (text.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}

/** Term names ordered by how much their values vary over `rows` (sample variance, largest first; ties by name). */
export function byVariance(terms: readonly string[], rows: readonly { terms: Record<string, number | null> }[]): string[] {
  const spread = (t: string): number => {
    const xs = rows.map((r) => r.terms[t]).filter((v): v is number => typeof v === "number" && Number.isFinite(v));
    if (xs.length < 2) return -1;
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    return xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  };
  const v = new Map(terms.map((t) => [t, spread(t)]));
  return [...terms].sort((a, b) => v.get(b)! - v.get(a)! || a.localeCompare(b));
}
