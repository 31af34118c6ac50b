// Reading a user's joke file (`--data`): JSON Lines, a JSON array, or CSV with a header row, each
// optionally gzipped. Every record must be readable; a bad one is an InputError naming the file
// and line, because silently skipping a user's data would change what is trained and evaluated.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse as parseCsv } from "csv-parse/sync";
import { InputError, errorMessage } from "../../core/errors.js";
import { decodeUtf8, parseJsonl } from "../../core/jsonl.js";
import { candidateFromRecord, type JokeCandidate } from "./joke.js";

export type JokeFileFormat = "jsonl" | "json" | "csv";

export function formatOf(path: string): JokeFileFormat {
  const name = path.toLowerCase().replace(/\.gz$/, "");
  if (name.endsWith(".csv")) return "csv";
  if (name.endsWith(".json")) return "json";
  if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) return "jsonl";
  throw new InputError(path, "unknown joke file type: use .jsonl, .json or .csv (optionally .gz)");
}

function readText(path: string): Uint8Array {
  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch (err) {
    throw new InputError(path, `cannot be read (${(err as NodeJS.ErrnoException).code ?? errorMessage(err)})`);
  }
  return path.toLowerCase().endsWith(".gz") ? gunzipSync(raw) : raw;
}

/** Records of a CSV text with a header row; line numbers count the header as line 1. */
function csvRecords(text: string, where: string): { record: Record<string, string>; line: number }[] {
  try {
    const rows = parseCsv(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: false, info: true }) as {
      record: Record<string, string>;
      info: { lines: number };
    }[];
    return rows.map((row) => ({ record: row.record, line: row.info.lines }));
  } catch (err) {
    throw new InputError(where, `is not valid CSV (${errorMessage(err)})`);
  }
}

export function parseJokeText(bytes: Uint8Array, where: string, format: JokeFileFormat): JokeCandidate[] {
  if (format === "jsonl") {
    // Line numbers come from parseJsonl's own errors; we re-count non-blank lines to name records.
    const { rows } = parseJsonl<unknown>(bytes, where, true);
    return rows.map((row, i) => candidateFromRecord(row, `${where} record ${i + 1}`));
  }
  const text = decodeUtf8(bytes, where);
  if (format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new InputError(where, `is not valid JSON (${errorMessage(err)})`);
    }
    if (!Array.isArray(parsed)) throw new InputError(where, "a .json joke file must hold an array of records");
    return parsed.map((row, i) => candidateFromRecord(row, `${where} [${i}]`));
  }
  return csvRecords(text, where).map(({ record, line }) => candidateFromRecord(record, `${where} line ${line}`));
}

export function loadJokeCandidates(path: string): JokeCandidate[] {
  return parseJokeText(readText(path), path, formatOf(path));
}
