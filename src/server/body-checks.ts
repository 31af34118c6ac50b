// Request-body checks that run before anything recursive touches the body: nesting depth (a 5,000-
// deep object would overflow the stack of every recursive walker after JSON.parse), lone UTF-16
// surrogates (valid JSON escapes, but no text), and row fields no stack reads (a typo such as
// "outptu" would otherwise be echoed back unscored-for). Pure functions; each returns a sentence.

export const MAX_DEPTH = 64;

/**
 * Deepest nesting of arrays/objects in JSON text, scanning without recursion; returns the byte offset
 * where `limit` is first exceeded, or undefined.
 */
export function tooDeepAt(text: string, limit = MAX_DEPTH): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) i = stringEnd(text, i);
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > limit) return i;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return undefined;
}

/**
 * Index of the quote closing the string opened at `open` (or the text's end): jumps from quote to
 * quote (native search) instead of reading every character of the replies, which are most of a body.
 */
function stringEnd(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

// With the u flag a surrogate pair is one code point outside this range: only lone halves match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Whether JSON text can parse to a lone surrogate at all. Text decoded as strict UTF-8 holds none, so
 * only a `\uD800`–`\uDFFF` escape can make one; most bodies have no such escape and skip the walk
 * over the parsed value (≈ 0.14 ms for a 64 × 300-word batch). A false alarm (an escaped backslash
 * before "uD8…") only costs the walk.
 */
export function mayEscapeSurrogate(text: string): boolean {
  return SURROGATE_ESCAPE.test(text);
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Path of the first string (or key) holding a lone surrogate, walking iteratively. */
export function loneSurrogateAt(value: unknown): string | undefined {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: "" }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (LONE_SURROGATE.test(v)) return path || "(top level)";
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]` });
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (LONE_SURROGATE.test(k)) return `${at} (a key)`;
        stack.push({ v: x, path: at });
      }
    }
  }
  return undefined;
}

/** Row fields some stack or reward reads (SPEC §12, the gold fields of vrcli and cherrl, verl's ground_truth and extra_info); extras go in `meta`. */
export const BANK_FIELDS = new Set([
  "id",
  "prompt",
  "input",
  "output",
  "group_id",
  "step",
  "seed",
  "sample_id",
  "finish_reason",
  "thinking",
  "meta",
  "score",
  "label",
  "answer",
  "rubric",
  "instruction_id_list",
  "kwargs",
  "key",
  "topic",
  "reference",
  "data_source",
  "ground_truth",
  "extra_info",
]);
export const TRANSCRIPT_FIELDS = new Set(["id", "seed", "turns", "meta", "score", "step", "group_id", "topic"]);

/** The first unknown field of any row, as a message, or undefined. */
export function unknownRowField(rows: unknown[], kind: "bank" | "transcript"): string | undefined {
  const known = kind === "bank" ? BANK_FIELDS : TRANSCRIPT_FIELDS;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!row || typeof row !== "object" || Array.isArray(row)) continue;
    const unknown = Object.keys(row).find((k) => !known.has(k));
    if (unknown !== undefined) {
      return `rows[${i}]: unknown field ${JSON.stringify(unknown)}; ${kind} rows take ${[...known].join(", ")} (put anything else under "meta")`;
    }
  }
  return undefined;
}
