// Filtering, sorting and paging of sample rows on the server, so the browser only ever holds the rows it
// shows (SPEC §11: usable on logs of tens of thousands of rows). Pure functions over an index built once
// per source.
import { InputError } from "../core/errors.js";
import type { SampleRow } from "./sample-rows.js";

export interface SampleIndex {
  rows: SampleRow[];
  /** Lower-cased id + prompt + output per row, for case-insensitive search. */
  haystack: string[];
  /** Every term name seen, sorted. */
  terms: string[];
  /** Sorted orders by "field:asc|desc", computed on first use so later sorted queries only filter. */
  sorted: Map<string, Int32Array>;
}

export interface SampleQuery {
  q?: string;
  /** "value" (the total reward) or a term name. */
  field?: string;
  min?: number;
  max?: number;
  errors?: "only" | "exclude";
  step?: number;
  /** Exact group_id (a GRPO group's rollouts together). */
  group?: string;
  sort?: "index" | "asc" | "desc";
}

export function buildIndex(rows: SampleRow[]): SampleIndex {
  const terms = new Set<string>();
  for (const r of rows) for (const t of Object.keys(r.terms)) terms.add(t);
  return { rows, haystack: rows.map((r) => `${r.id}\n${r.prompt}\n${r.output}`.toLowerCase()), terms: [...terms].sort(), sorted: new Map() };
}

function fieldValue(row: SampleRow, field: string): number | null {
  return field === "value" ? row.value : (row.terms[field] ?? null);
}

/** Row positions ordered by a field; unscored rows go last in either direction (they have no place on the scale). */
function sortedOrder(index: SampleIndex, field: string, direction: "asc" | "desc"): Int32Array {
  const key = `${field}:${direction}`;
  const hit = index.sorted.get(key);
  if (hit) return hit;
  const sign = direction === "asc" ? 1 : -1;
  const values = index.rows.map((r) => fieldValue(r, field));
  const order = Int32Array.from(values.keys()).sort((a, b) => {
    const va = values[a];
    const vb = values[b];
    if (va === null || vb === null) return va === null ? (vb === null ? a - b : 1) : -1;
    return sign * (va - vb) || a - b;
  });
  index.sorted.set(key, order);
  return order;
}

/**
 * Positions (into index.rows) of the rows that pass the query, in the requested order. `within`, when
 * given, is the result of a broader query in the same order (the same filters with a search text that
 * the new one contains), so typing narrows the previous result instead of scanning every row again.
 */
export function filterRows(index: SampleIndex, query: SampleQuery, within?: ArrayLike<number>): number[] {
  const field = query.field ?? "value";
  if (field !== "value" && !index.terms.includes(field)) {
    throw new InputError("field", `"${field}" is neither "value" nor a term of these rows (${index.terms.join(", ") || "none"})`);
  }
  const needle = query.q?.trim().toLowerCase() ?? "";
  const ranged = query.min !== undefined || query.max !== undefined;
  const order = within ?? (query.sort === "asc" || query.sort === "desc" ? sortedOrder(index, field, query.sort) : null);
  const n = order ? order.length : index.rows.length;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = order ? order[k] : k;
    const row = index.rows[i];
    if (query.errors === "only" && row.error === null) continue;
    if (query.errors === "exclude" && (row.error !== null || !row.scored)) continue;
    if (query.step !== undefined && row.step !== query.step) continue;
    if (query.group !== undefined && row.group !== query.group) continue;
    if (ranged) {
      const v = fieldValue(row, field);
      if (v === null) continue;
      if (query.min !== undefined && v < query.min) continue;
      if (query.max !== undefined && v > query.max) continue;
    }
    if (needle && !index.haystack[i].includes(needle)) continue;
    out.push(i);
  }
  return out;
}

const num = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined || raw === "") return undefined;
  const v = Number(raw);
  if (!Number.isFinite(v)) throw new InputError(name, `"${raw}" is not a number`);
  return v;
};

/** Reads a query from URL parameters, naming the parameter when one is malformed. */
export function parseSampleQuery(params: Record<string, string | undefined>): SampleQuery {
  const errors = params.errors || undefined;
  if (errors !== undefined && errors !== "only" && errors !== "exclude") throw new InputError("errors", `"${errors}" is not "only" or "exclude"`);
  const sort = params.sort || undefined;
  if (sort !== undefined && sort !== "index" && sort !== "asc" && sort !== "desc") throw new InputError("sort", `"${sort}" is not index, asc or desc`);
  return { q: params.q || undefined, field: params.field || undefined, min: num("min", params.min), max: num("max", params.max), errors, step: num("step", params.step), group: params.group || undefined, sort };
}
