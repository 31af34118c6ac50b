// The runs list (SPEC §11): every JSON artifact under the artifacts folder (kind, created_at, params and
// a one-line summary) and every JSON Lines file the sample browser can open. Files that are not artifacts
// are listed with the reason, so a stray file never hides silently.
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { RunEntry } from "./api-types.js";
import { snakeKeys } from "../core/artifact-keys.js";
export type { RunEntry };

const MAX_DEPTH = 4;

function walk(dir: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") && depth > 0) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") walk(path, depth + 1, out);
    } else if (/\.(json|jsonl|jsonl\.gz|parquet)$/.test(entry.name)) out.push(path);
  }
}

/** Relative paths with forward slashes, so they travel in URLs unchanged on every platform. */
const rel = (root: string, path: string) => relative(root, path).split(sep).join("/");

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const fmt = (v: unknown, digits = 3) => (typeof v === "number" && !Number.isInteger(v) ? v.toFixed(digits) : String(v));

/** A short line per kind; unknown kinds list their result's fields. */
export function summarize(kind: string, result: unknown): string {
  if (!isObj(result)) return "";
  if (kind === "onset") {
    const iv = Array.isArray(result.interval) ? ` [${result.interval.join(", ")}]` : "";
    return `onset ${result.canonical_onset ?? "none"}${iv}, ${result.n_steps ?? "?"} steps`;
  }
  if (kind === "certify") {
    const fired = Array.isArray(result.guards_fired) && result.guards_fired.length > 0 ? `; guards fired: ${result.guards_fired.join(", ")}` : "";
    // With no pre-registered bars, "every bar passed" is vacuous: say there were none.
    const primary = Array.isArray(result.sets) ? result.sets.find((s) => isObj(s) && s.name === result.primary) : undefined;
    const noBars = isObj(primary) && Array.isArray(primary.verdicts) && primary.verdicts.length === 0;
    return `${result.certified ? "CERTIFIED" : "NOT CERTIFIED"} (${noBars ? "no pre-registered bars" : result.bars_passed ? "bars passed" : "bars missed"}${fired})`;
  }
  if (kind === "hunt" && Array.isArray(result.findings) && Array.isArray(result.classes))
    return `hunt vs ${result.stack}: ${result.findings.length} findings in ${result.classes.length} classes, ${result.spent}/${result.budget} scorer calls`;
  if (kind === "audit")
    return `audits: ${Object.keys(result)
      .filter((k) => k !== "config" && k !== "seconds")
      .join(", ")}`;
  if (isObj(result.summary)) {
    const s = result.summary;
    const parts = ["rows", "sessions", "scored", "failed"].filter((k) => typeof s[k] === "number").map((k) => `${k} ${s[k]}`);
    if (parts.length > 0) return parts.join(", ");
  }
  const parts = ["n", "rows", "scored", "failed", "mean"].filter((k) => typeof result[k] === "number").map((k) => `${k} ${fmt(result[k])}`);
  return parts.length > 0 ? parts.join(", ") : `fields: ${Object.keys(result).slice(0, 6).join(", ")}`;
}

export function readArtifact(path: string): { kind: string; created_at: string; params: Obj; result: unknown } {
  const raw: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (!isObj(raw) || typeof raw.kind !== "string" || typeof raw.created_at !== "string" || !("result" in raw)) {
    throw new Error("not a foolsgold artifact (needs kind, created_at and result)");
  }
  // Version-1 artifacts (camelCase keys) load under their snake_case names (src/core/artifact-keys.ts).
  return { kind: raw.kind, created_at: raw.created_at, params: isObj(raw.params) ? snakeKeys(raw.params) : {}, result: snakeKeys(raw.result) };
}

/** Entries by path, reused while a file's mtime and size are unchanged (artifacts can be large). */
export type RunCache = Map<string, { mtimeMs: number; bytes: number; entry: RunEntry }>;

export function listRuns(root: string, cache: RunCache = new Map()): RunEntry[] {
  const files: string[] = [];
  walk(root, 0, files);
  const out: RunEntry[] = files.map((path) => {
    const st = statSync(path);
    const hit = cache.get(path);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.bytes === st.size) return hit.entry;
    const entry = describeFile(root, path, st.size);
    cache.set(path, { mtimeMs: st.mtimeMs, bytes: st.size, entry });
    return entry;
  });
  // Newest first; sample files by modification time.
  return out.sort((a, b) => (b.created_at ?? "").localeCompare(a.created_at ?? "") || a.file.localeCompare(b.file));
}

/** Whether a plain JSONL file's first row has a score (null when unknown: compressed, empty or not JSON). */
function firstRowScored(path: string): boolean | null {
  if (!path.endsWith(".jsonl")) return null;
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.alloc(256 * 1024);
    const text = buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString("utf8");
    const line = text.split("\n", 1)[0];
    const row: unknown = JSON.parse(line);
    return isObj(row) && isObj(row.score);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function describeFile(root: string, path: string, bytes: number): RunEntry {
  const file = rel(root, path);
  if (!path.endsWith(".json")) {
    const scored = firstRowScored(path);
    const what = scored === null ? "rows" : scored ? "scored rows" : "unscored rows (a bank: score it to browse rewards)";
    return {
      file,
      type: "samples",
      kind: path.endsWith(".parquet") ? "parquet" : "jsonl",
      created_at: statSync(path).mtime.toISOString(),
      params: null,
      summary: `${(bytes / 1024).toFixed(0)} KiB of ${what}`,
      bytes,
      scored: scored === true,
    };
  }
  try {
    const a = readArtifact(path);
    return { file, type: "artifact", kind: a.kind, created_at: a.created_at, params: a.params, summary: summarize(a.kind, a.result), bytes };
  } catch (err) {
    return { file, type: "unreadable", kind: null, created_at: null, params: null, summary: (err as Error).message, bytes };
  }
}
