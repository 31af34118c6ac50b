// A shortcut past zod for the bank rows most banks hold: string fields only (no chat-message prompt,
// no meta), checked and copied by hand into exactly what bankRowSchema would return (the same keys
// in the same order, ids made strings, `input` copied to `prompt`). zod took 15 µs a row, 50 ms of a
// 3,295-row bank; this takes well under 1 µs. Anything else returns undefined and goes to zod,
// which also names what is wrong (test/core/plain-bank-row.test.ts compares the two on many rows).
import type { BankRow } from "./types.js";

/** bankRowSchema's fields, in its order: zod writes these first, then every other key as found. */
const SHAPE = ["id", "prompt", "input", "output", "group_id", "step", "finish_reason", "thinking", "meta"] as const;
const SHAPE_KEYS: ReadonlySet<string> = new Set(SHAPE);

const isIdLike = (v: unknown): v is string | number => (typeof v === "string" && v.length > 0) || (typeof v === "number" && Number.isFinite(v));

/** What bankRowSchema.parse(value) returns, when value is a plain row this shortcut covers; else undefined. */
export function plainBankRow(value: unknown): BankRow | undefined {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const row = value as Record<string, unknown>;
  // zod drops an own "__proto__" key; meta (a record zod copies) and chat prompts are left to zod.
  if (Object.hasOwn(row, "__proto__") || Object.hasOwn(row, "meta")) return undefined;
  if (!isIdLike(row.id) || typeof row.output !== "string") return undefined;
  const has = (key: string): boolean => Object.hasOwn(row, key);
  if (has("prompt") && typeof row.prompt !== "string") return undefined;
  if (has("input") && typeof row.input !== "string") return undefined;
  if (has("group_id") && !(typeof row.group_id === "string" || (typeof row.group_id === "number" && Number.isFinite(row.group_id)))) return undefined;
  if (has("step") && !(typeof row.step === "number" && Number.isSafeInteger(row.step) && row.step >= 0)) return undefined;
  if (has("finish_reason") && typeof row.finish_reason !== "string") return undefined;
  if (has("thinking") && typeof row.thinking !== "boolean") return undefined;

  const out: Record<string, unknown> = { id: String(row.id) };
  for (let i = 1; i < SHAPE.length; i++) {
    const key = SHAPE[i];
    if (has(key)) out[key] = key === "group_id" ? String(row.group_id) : row[key];
  }
  for (const key in row) if (!SHAPE_KEYS.has(key)) out[key] = row[key];
  // `input` is accepted for `prompt` (SPEC §12), as bankRowSchema's transform does.
  if (out.prompt === undefined && out.input !== undefined) return { ...out, prompt: out.input } as BankRow;
  return out as BankRow;
}

/** Every row through plainBankRow, or undefined as soon as one is not plain. */
export function plainBankRows(rows: readonly unknown[]): BankRow[] | undefined {
  const out: BankRow[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = plainBankRow(rows[i]);
    if (row === undefined) return undefined;
    out[i] = row;
  }
  return out;
}
