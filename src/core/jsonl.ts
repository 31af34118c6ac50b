// JSON Lines in and out. Malformed lines are reported with their line number; callers decide
// whether a bad line is fatal (a bank to score) or reported and skipped (a published dirty dump).
import { closeSync, createReadStream, createWriteStream, fstatSync, openSync, readSync } from "node:fs";
import { createGunzip, gunzipSync } from "node:zlib";
import { createInterface } from "node:readline";
import { InputError, readProblem } from "./errors.js";
import { isParquetPath, readParquetRows } from "./parquet.js";

export interface BadLine {
  line: number;
  problem: string;
}

export interface ParsedLines<T> {
  rows: T[];
  bad: BadLine[];
  /** With `texts`: each row's line as read (trimmed), by row. */
  texts?: string[];
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true });

/** Decode bytes as UTF-8, naming the file when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array, where: string): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    throw new InputError(where, "is not valid UTF-8");
  }
}

/**
 * Limits on what one input file may hold, so a wrong path (`--in /dev/zero`, a binary, a gzip bomb)
 * fails with a clear error instead of growing memory: the whole file (after gunzip), and one line.
 * FOOLSGOLD_MAX_INPUT_BYTES and FOOLSGOLD_MAX_LINE_BYTES raise or lower them.
 */
export function inputLimits(): { bytes: number; line: number } {
  const read = (name: string, fallback: number): number => {
    const raw = process.env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new InputError(name, `must be a whole number of bytes ≥ 1, got "${raw}"`);
    return n;
  };
  return { bytes: read("FOOLSGOLD_MAX_INPUT_BYTES", 2 * 1024 ** 3), line: read("FOOLSGOLD_MAX_LINE_BYTES", 64 * 1024 ** 2) };
}

const mib = (bytes: number): string => `${+(bytes / 1024 ** 2).toFixed(1)} MiB`;

function tooLarge(path: string, limit: number): InputError {
  return new InputError(path, `is larger than the input limit of ${mib(limit)} (set FOOLSGOLD_MAX_INPUT_BYTES to raise it)`);
}

function checkLineLengths(bytes: Uint8Array, path: string, limit: number): void {
  let start = 0;
  let lineNo = 1;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl < 0 ? bytes.length : nl;
    if (end - start > limit) throw new InputError(`${path} line ${lineNo}`, `is longer than the line limit of ${mib(limit)}; JSON Lines expected (set FOOLSGOLD_MAX_LINE_BYTES to raise it)`);
    start = end + 1;
    lineNo++;
  }
}

/**
 * Reads a file in chunks, stopping at the input limit and at a line longer than the line limit, so a
 * device or a pipe that never ends (`/dev/zero`) stops within one line's limit.
 */
function readBounded(path: string, limits: { bytes: number; line: number }): Buffer {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    if (size > limits.bytes) throw tooLarge(path, limits.bytes);
    const chunks: Buffer[] = [];
    let total = 0;
    let sinceNewline = 0;
    let lineNo = 1;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1 << 20);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const got = chunk.subarray(0, n);
      total += n;
      if (total > limits.bytes) throw tooLarge(path, limits.bytes);
      let last = -1;
      for (let i = got.indexOf(0x0a); i >= 0; i = got.indexOf(0x0a, i + 1)) {
        lineNo++;
        last = i;
      }
      sinceNewline = last < 0 ? sinceNewline + n : n - last - 1;
      if (sinceNewline > limits.line && !path.endsWith(".gz")) {
        throw new InputError(`${path} line ${lineNo}`, `is longer than the line limit of ${mib(limits.line)}; JSON Lines expected (set FOOLSGOLD_MAX_LINE_BYTES to raise it)`);
      }
      chunks.push(got);
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

function readBytes(path: string): Buffer {
  const limits = inputLimits();
  const raw = readBounded(path, limits);
  if (!path.endsWith(".gz")) return raw;
  let bytes: Buffer;
  try {
    bytes = gunzipSync(raw, { maxOutputLength: limits.bytes });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || err instanceof RangeError) throw tooLarge(`${path} (unzipped)`, limits.bytes);
    throw new InputError(path, `is not readable gzip (${(err as Error).message})`);
  }
  checkLineLengths(bytes, path, limits.line);
  return bytes;
}

/** Why a line is not JSON, saying what was expected (and when the file looks like CSV or TSV). */
function notJsonProblem(text: string, err: unknown): string {
  const looksTabular = !/^[[{"]/.test(text.trimStart()) && /[,\t;]/.test(text);
  return `not valid JSON (${(err as Error).message}); JSON Lines expected (one JSON object per line)${looksTabular ? ", and this line looks like CSV/TSV" : ""}`;
}

/**
 * Parse JSON Lines. Each line is decoded separately so one line with invalid UTF-8 is reported
 * without losing the rest. With `strict`, the first bad line throws an InputError naming it.
 */
export function parseJsonl<T = unknown>(bytes: Uint8Array, where: string, strict = true, keepTexts = false): ParsedLines<T> {
  const rows: T[] = [];
  const bad: BadLine[] = [];
  const texts: string[] | undefined = keepTexts ? [] : undefined;
  let start = 0;
  let lineNo = 0;
  // Newlines found by indexOf (native), not byte by byte in JS: a quarter of the read on a 25 MB bank.
  while (start <= bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl < 0 ? bytes.length : nl;
    lineNo++;
    const slice = bytes.subarray(start, end);
    start = end + 1;
    let text: string;
    try {
      text = strictDecoder.decode(slice).trim();
    } catch {
      const problem = "invalid UTF-8";
      if (strict) throw new InputError(`${where} line ${lineNo}`, problem);
      bad.push({ line: lineNo, problem });
      continue;
    }
    if (text === "") continue;
    try {
      rows.push(JSON.parse(text) as T);
      texts?.push(text);
    } catch (err) {
      const problem = notJsonProblem(text, err);
      if (strict) throw new InputError(`${where} line ${lineNo}`, problem);
      bad.push({ line: lineNo, problem });
    }
  }
  return texts ? { rows, bad, texts } : { rows, bad };
}

/**
 * Rows of a JSON Lines file (plain, or gzip when the name ends in .gz) or a Parquet file (.parquet).
 * With `texts`, each row's own line is kept too (a scoring thread parses it again instead of receiving a copy of the row). */
export function readJsonl<T = unknown>(path: string, options: { strict?: boolean; texts?: boolean } = {}): ParsedLines<T> {
  if (isParquetPath(path)) {
    const rows = readParquetRows(path) as T[];
    return options.texts ? { rows, bad: [], texts: rows.map((r) => JSON.stringify(r)) } : { rows, bad: [] };
  }
  let bytes: Buffer;
  try {
    bytes = readBytes(path);
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(path, readProblem(err));
  }
  return parseJsonl<T>(bytes, path, options.strict ?? true, options.texts ?? false);
}

/** Stream a (possibly gzipped) JSONL file line by line without loading it whole. */
export async function* streamJsonl<T = unknown>(path: string): AsyncGenerator<T> {
  const raw = createReadStream(path);
  const input = path.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === "") continue;
    try {
      yield JSON.parse(line) as T;
    } catch (err) {
      throw new InputError(`${path} line ${lineNo}`, notJsonProblem(line, err));
    }
  }
}

export function toJsonl(rows: Iterable<unknown>): string {
  let out = "";
  for (const row of rows) out += JSON.stringify(row) + "\n";
  return out;
}

/** Writes rows as JSON Lines; rejects when the file cannot be written (end's callback gets the error, which was once dropped). */
export async function writeJsonl(path: string, rows: Iterable<unknown>): Promise<void> {
  await writeLines(
    path,
    (function* () {
      for (const row of rows) yield JSON.stringify(row) + "\n";
    })(),
  );
}

/** Bytes gathered before one write: fewer, larger writes than one per line. */
const WRITE_BATCH = 1 << 20;

/** Writes text lines (each with its newline) in order; rejects when the file cannot be written. */
export async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const stream = createWriteStream(path);
  let failure: Error | undefined;
  const failed = new Promise<never>((_, reject) => stream.once("error", (err) => reject((failure = err))));
  failed.catch(() => {});
  const write = async (text: string): Promise<void> => {
    if (failure) throw failure;
    if (!stream.write(text)) await Promise.race([new Promise<void>((r) => stream.once("drain", () => r())), failed]);
  };
  let batch = "";
  for (const line of lines) {
    batch += line;
    if (batch.length >= WRITE_BATCH) {
      await write(batch);
      batch = "";
    }
  }
  if (batch !== "") await write(batch);
  if (failure) throw failure;
  await Promise.race([new Promise<void>((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve()))), failed]);
}
