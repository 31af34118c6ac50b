// Student's t quantile at p = 0.975 (the 95 % interval every score summary prints) for df 1…10,000,
// computed by @stdlib's t quantile (scripts/build-t-quantile-table.ts) and shipped beside this file.
// The numbers are the library's own, bit for bit (test/stats/t-quantile-table.test.ts checks every entry
// against it); any other p or df is computed by @stdlib. @stdlib is bundled at build time into
// vendor/stdlib-dists.js (scripts/build-stats-vendor.mjs), whose STDLIB_VERSIONS records the t-quantile
// version it was built from: a table computed by another version is stale and not used. The bundle pins
// the math packages beneath it too, so every install computes what the table was checked against.
import { readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { FoolsgoldError } from "../core/errors.js";
import { STDLIB_VERSIONS } from "./vendor/stdlib-dists.js";

/** The probability the table holds: 1 − (1 − 0.95)/2, computed as meanCi computes it. */
export const TABLE_P = 1 - (1 - 0.95) / 2;
export const TABLE_MAX_DF = 10_000;
export const T_QUANTILE_PACKAGE = "@stdlib/stats-base-dists-t-quantile";
export const SHIPPED_T_QUANTILE_TABLE = new URL("./t-quantile-975.json.gz", import.meta.url);

export interface TQuantileTable {
  p: number;
  /** The package and version that computed the table. */
  source: { package: string; version: string };
  /** quantiles[df − 1] = tQuantile(p, df), df = 1 … TABLE_MAX_DF. */
  quantiles: number[];
}

/** The version of @stdlib's t quantile bundled in vendor/stdlib-dists.js (the one every lookup computes with). */
export function vendoredTQuantileVersion(): string {
  const version = STDLIB_VERSIONS[T_QUANTILE_PACKAGE];
  if (version === undefined) throw new FoolsgoldError("t_quantile_table", `vendor/stdlib-dists.js records no version of ${T_QUANTILE_PACKAGE}: rebuild it with npm run build:stats`);
  return version;
}

/** The table as shipped: JSON (numbers in JavaScript's shortest round-trip form), gzipped. */
export function formatTQuantileTable(table: TQuantileTable): Buffer {
  return gzipSync(JSON.stringify(table), { level: 9 });
}

/** Why a table cannot stand in for @stdlib here, or undefined when it can. */
export function staleReason(table: TQuantileTable, bundled: string): string | undefined {
  if (table.p !== TABLE_P) return `holds p = ${table.p}, not ${TABLE_P}`;
  if (table.quantiles.length !== TABLE_MAX_DF) return `holds ${table.quantiles.length} quantiles, not ${TABLE_MAX_DF}`;
  if (table.source.package !== T_QUANTILE_PACKAGE || table.source.version !== bundled) return `was computed by ${table.source.package}@${table.source.version}; ${T_QUANTILE_PACKAGE}@${bundled} is bundled`;
  return undefined;
}

export function readTQuantileTable(path: URL | string = SHIPPED_T_QUANTILE_TABLE): TQuantileTable {
  try {
    return JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")) as TQuantileTable;
  } catch (err) {
    // A packaging fault (the file was not copied next to this module): loud, not a silent slow path.
    throw new FoolsgoldError("t_quantile_table", `t quantile table ${String(path)} cannot be read: ${(err as Error).message}`, { cause: err });
  }
}

// undefined: not read yet; null: read, and stale for the bundled @stdlib (every lookup falls through).
let shipped: number[] | null | undefined;

/** tQuantile(p, df) from the shipped table, or undefined when the table does not hold it. */
export function tabledTQuantile(p: number, df: number): number | undefined {
  if (p !== TABLE_P || !Number.isInteger(df) || df < 1 || df > TABLE_MAX_DF) return undefined;
  if (shipped === undefined) {
    const table = readTQuantileTable();
    shipped = staleReason(table, vendoredTQuantileVersion()) === undefined ? table.quantiles : null;
  }
  return shipped?.[df - 1];
}
