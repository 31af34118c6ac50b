// The hunt's Unicode categories as shipped (unicode-table.json, written by `npm run build:hunt-unicode`
// from the Unicode Character Database; see unicode-table-source.ts). Read once per process.
import { readFileSync } from "node:fs";
import type { Ranges, UnicodeTable } from "./unicode-table-source.js";

export type { Ranges, UnicodeTable } from "./unicode-table-source.js";

export const SHIPPED_UNICODE_TABLE = new URL("./unicode-table.json", import.meta.url);

let table: UnicodeTable | undefined;

export function unicodeTable(): UnicodeTable {
  return (table ??= JSON.parse(readFileSync(SHIPPED_UNICODE_TABLE, "utf8")) as UnicodeTable);
}

/** Every code point of the ranges, in order. */
export function expand(ranges: Ranges): number[] {
  return ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
}
