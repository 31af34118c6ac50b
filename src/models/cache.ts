// The content-addressed response cache (SPEC §2): SQLite in WAL mode, one row per request, keyed by
// the sha256 of the canonical JSON of {endpoint, model, path, params, epoch}. Keys and headers never
// enter the key. Entries are write-once: the first answer stored for a request is the answer every
// later run sees, which is what makes a warm re-run bit-identical even on a noisy server.
import Database from "better-sqlite3";
import { closeSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { hashOf } from "../core/hash.js";
import { FoolsgoldError } from "../core/errors.js";

export interface CacheKeyParts {
  endpoint: string;
  model: string;
  /** The endpoint's revision (weights/build), when known. */
  revision?: string;
  /** The logical operation path, e.g. "/completions" or "/continuation:echo". */
  path: string;
  params: Record<string, unknown>;
  epoch: number;
}

export interface CacheEntryMeta {
  endpoint: string;
  model: string;
  path: string;
}

/** What the client needs from a cache; the SQLite one below is the real implementation. */
export interface ResponseCache {
  /** Also cache sampled generations (temperature > 0 without a seed). */
  readonly cacheSampled: boolean;
  /** Bumping the epoch invalidates every entry without deleting anything. */
  readonly epoch: number;
  get(key: string): unknown | undefined;
  /**
   * Stores `value` unless the key already has an entry, and returns the entry as stored (the earlier
   * one if another writer got there first), so a cold run returns exactly what a warm run will.
   */
  set(key: string, value: unknown, meta: CacheEntryMeta): unknown;
  /** `set` for many entries in one write transaction (a batch's answers; one commit per entry costs more than the entry). */
  setMany(entries: readonly { key: string; value: unknown; meta: CacheEntryMeta }[]): unknown[];
  readonly stats: { hits: number; misses: number; writes: number };
  /** Requests for a key already on their way, so identical concurrent calls through any client share one. */
  readonly inflight: Map<string, Promise<unknown>>;
  close(): void;
}

export interface CacheOptions {
  /** SQLite file, or ":memory:". */
  path: string;
  cacheSampled?: boolean;
  epoch?: number;
  /** How long a writer waits for another process's lock (ms). */
  busyTimeoutMs?: number;
}

export function cacheKey(parts: CacheKeyParts): string {
  return hashOf({ endpoint: parts.endpoint, model: parts.model, revision: parts.revision, path: parts.path, params: parts.params, epoch: parts.epoch });
}

export function defaultCachePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.FOOLSGOLD_HOME ?? ".foolsgold", "cache.sqlite");
}

export function openCache(options: CacheOptions): ResponseCache {
  const fail = (problem: string, err: unknown) => new FoolsgoldError("cache_open", `cache ${options.path}: ${problem}: ${(err as Error).message}`, { cause: err });
  if (options.path !== ":memory:") {
    try {
      mkdirSync(dirname(options.path), { recursive: true });
    } catch (err) {
      throw fail(`cannot create its folder ${dirname(options.path)}`, err);
    }
  }
  if (options.path !== ":memory:") refuseForeignFile(options.path, "; refusing to overwrite it (choose another --cache path)");
  let db: Database.Database;
  try {
    db = new Database(options.path, { timeout: options.busyTimeoutMs ?? 10_000 });
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec(`CREATE TABLE IF NOT EXISTS responses (
      key TEXT PRIMARY KEY,
      endpoint TEXT NOT NULL,
      model TEXT NOT NULL,
      path TEXT NOT NULL,
      value TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) WITHOUT ROWID`);
  } catch (err) {
    throw fail("cannot open", err);
  }
  const select = db.prepare<[string], { value: string }>("SELECT value FROM responses WHERE key = ?");
  const insert = db.prepare("INSERT OR IGNORE INTO responses (key, endpoint, model, path, value, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  const stats = { hits: 0, misses: 0, writes: 0 };
  const set = (key: string, value: unknown, meta: CacheEntryMeta): unknown => {
    const text = JSON.stringify(value);
    const result = insert.run(key, meta.endpoint, meta.model, meta.path, text, new Date().toISOString());
    stats.writes += result.changes;
    return JSON.parse(result.changes > 0 ? text : (select.get(key)?.value ?? text));
  };
  const setAll = db.transaction((entries: readonly { key: string; value: unknown; meta: CacheEntryMeta }[]) => entries.map((e) => set(e.key, e.value, e.meta)));
  return {
    cacheSampled: options.cacheSampled ?? false,
    epoch: options.epoch ?? 0,
    stats,
    inflight: new Map(),
    get(key) {
      const row = select.get(key);
      if (!row) {
        stats.misses++;
        return undefined;
      }
      stats.hits++;
      return JSON.parse(row.value);
    },
    set,
    setMany: (entries) => setAll(entries),
    close() {
      db.close();
    },
  };
}

const SQLITE_HEADER = "SQLite format 3\0";

/** SQLite would silently take over a small non-database file: never overwrite what the user pointed at by mistake. */
function refuseForeignFile(path: string, consequence: string): void {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return;
  }
  if (size === 0) return;
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") !== SQLITE_HEADER) {
    throw new FoolsgoldError("cache_open", `cache ${path}: is not a SQLite cache file${consequence}`);
  }
}

export interface CacheSummary {
  path: string;
  fileBytes: number;
  entries: number;
  groups: { endpoint: string; model: string; path: string; entries: number; valueBytes: number; oldest: string; newest: string }[];
}

/** What a cache file holds, by endpoint, model and operation (read-only; never creates the file). */
export function summarizeCache(path: string): CacheSummary {
  let fileBytes: number;
  try {
    fileBytes = statSync(path).size;
  } catch {
    throw new FoolsgoldError("cache_open", `cache ${path}: no such file`);
  }
  refuseForeignFile(path, "");
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const groups = db
      .prepare<[], CacheSummary["groups"][number]>(
        `SELECT endpoint, model, path, COUNT(*) AS entries, SUM(LENGTH(value)) AS valueBytes,
                MIN(created_at) AS oldest, MAX(created_at) AS newest
         FROM responses GROUP BY endpoint, model, path ORDER BY entries DESC`,
      )
      .all();
    return { path, fileBytes, entries: groups.reduce((n, g) => n + g.entries, 0), groups };
  } finally {
    db.close();
  }
}
