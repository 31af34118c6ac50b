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
}

export interface SampleQuery {
  q?: string;
  /** "value" (the total reward) or a term name. */
  field?: string;
  min?: number;
  max?: number;
  errors?: "only" | "exclude";
  step?: number;
  sort?: "index" | "asc" | "desc";
}

export function buildIndex(rows: SampleRow[]): SampleIndex {
  const terms = new Set<string>();
  for (const r of rows) for (const t of Object.keys(r.terms)) terms.add(t);
  return { rows, haystack: rows.map((r) => `${r.id}\n${r.prompt}\n${r.output}`.toLowerCase()), terms: [...terms].sort() };
}

function fieldValue(row: SampleRow, field: string): number | null {
  return field === "value" ? row.value : (row.terms[field] ?? null);
}

/** Positions (into index.rows) of the rows that pass the query, in the requested order. */
export function filterRows(index: SampleIndex, query: SampleQuery): number[] {
  const field = query.field ?? "value";
  if (field !== "value" && !index.terms.includes(field)) {
    throw new InputError("field", `"${field}" is neither "value" nor a term of these rows (${index.terms.join(", ") || "none"})`);
  }
  const needle = query.q?.trim().toLowerCase() ?? "";
  const ranged = query.min !== undefined || query.max !== undefined;
  const out: number[] = [];
  for (let i = 0; i < index.rows.length; i++) {
    const row = index.rows[i];
    if (query.errors === "only" && row.error === null) continue;
    if (query.errors === "exclude" && row.error !== null) continue;
    if (query.step !== undefined && row.step !== query.step) continue;
    if (ranged) {
      const v = fieldValue(row, field);
      if (v === null) continue;
      if (query.min !== undefined && v < query.min) continue;
      if (query.max !== undefined && v > query.max) continue;
    }
    if (needle && !index.haystack[i].includes(needle)) continue;
    out.push(i);
  }
  if (query.sort === "asc" || query.sort === "desc") {
    const sign = query.sort === "asc" ? 1 : -1;
    // Unscored rows go last in either direction: they have no place on the scale.
    out.sort((a, b) => {
      const va = fieldValue(index.rows[a], field);
      const vb = fieldValue(index.rows[b], field);
      if (va === null || vb === null) return va === null ? (vb === null ? a - b : 1) : -1;
      return sign * (va - vb) || a - b;
    });
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
  return { q: params.q || undefined, field: params.field || undefined, min: num("min", params.min), max: num("max", params.max), errors, step: num("step", params.step), sort };
}
