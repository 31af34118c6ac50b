// What a reward returned, judged: a finite number is a reward; NaN, infinities, booleans, None, text
// and dicts without a numeric "score" are errors that name what came back (never a 0).

export type RewardResult = { value: number } | { error: string };

/** A value as the Python worker sends it: a number, or {invalid, repr}, or {dict: {score?}, keys}. */
export function readReturned(value: unknown, what = "returned"): RewardResult {
  if (typeof value === "number") return Number.isFinite(value) ? { value } : { error: `${what} ${value}, not a finite number` };
  if (value !== null && typeof value === "object") {
    const v = value as { invalid?: string; repr?: string; dict?: Record<string, unknown>; keys?: string[] };
    if (v.invalid !== undefined) return { error: `${what} ${v.repr ?? v.invalid} (${v.invalid}), not a finite number` };
    if (v.dict !== undefined) {
      if (!("score" in v.dict)) return { error: `${what} a dict without "score" (keys: ${(v.keys ?? []).join(", ") || "none"})` };
      return readReturned(v.dict.score, `${what} a dict whose "score" is`);
    }
  }
  return readPlain(value, what);
}

/** A value read from JSON written by any program: a number or {"score": number}. */
export function readPlain(value: unknown, what = "returned"): RewardResult {
  if (typeof value === "number") return Number.isFinite(value) ? { value } : { error: `${what} ${value}, not a finite number` };
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    if (!("score" in value)) return { error: `${what} an object without "score" (keys: ${Object.keys(value).join(", ") || "none"})` };
    return readPlain((value as { score: unknown }).score, `${what} an object whose "score" is`);
  }
  return { error: `${what} ${JSON.stringify(value)?.slice(0, 80) ?? String(value)}, not a number` };
}

/** Results for a list the reward returned: its length must match the rows sent. */
export function readList(values: unknown, rows: number, what: string, read: (v: unknown) => RewardResult = (v) => readPlain(v)): RewardResult[] {
  if (!Array.isArray(values)) return Array.from({ length: rows }, () => ({ error: `${what} is not a list` }));
  if (values.length !== rows) return Array.from({ length: rows }, () => ({ error: `${what} has ${values.length} values for ${rows} rows` }));
  return values.map(read);
}

export function failAll(rows: number, error: string): RewardResult[] {
  return Array.from({ length: rows }, () => ({ error }));
}
