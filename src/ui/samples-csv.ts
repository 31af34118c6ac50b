// Sample rows as CSV (RFC 4180: quoted fields, doubled quotes, CRLF), one column per term, so a filtered
// list opens in a spreadsheet or R as it shows in the browser. Unscored values are empty, never 0.
import type { SampleIndex } from "./sample-query.js";

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return "";
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function samplesCsv(index: SampleIndex, positions: readonly number[]): string {
  const header = ["index", "id", "step", "group", "value", "error", ...index.terms.map((t) => `term:${t}`), "prompt", "output"];
  const lines = [header.map(cell).join(",")];
  for (const i of positions) {
    const r = index.rows[i];
    lines.push([r.index, r.id, r.step, r.group, r.value, r.error, ...index.terms.map((t) => r.terms[t]), r.prompt, r.output].map(cell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
