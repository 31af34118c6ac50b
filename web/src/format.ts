export const num = (v: unknown, digits = 3): string => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(digits) : "—");
export const signed = (v: unknown, digits = 3): string => (typeof v === "number" && Number.isFinite(v) ? `${v >= 0 ? "+" : ""}${v.toFixed(digits)}` : "—");
export const ci = (c: unknown, digits = 3): string =>
  Array.isArray(c) && c.length === 2 ? `[${signed(c[0], digits)}, ${signed(c[1], digits)}]` : "—";
export const pct = (v: unknown, digits = 0): string => (typeof v === "number" ? `${(100 * v).toFixed(digits)}%` : "—");
export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
