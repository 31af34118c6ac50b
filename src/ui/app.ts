// The dashboard's HTTP app (SPEC §11): the built web assets plus a small read-only JSON API over an
// artifacts folder and, optionally, the reward server's journal. Nothing here writes: artifacts are read
// per request, the journal is opened read-only, sample sources are indexed in memory.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { Hono, type Context } from "hono";
import { InputError } from "../core/errors.js";
import { compareSources } from "./compare.js";
import { onsetCurves, stepCurves } from "./curves.js";
import { listRuns, readArtifact, type RunCache } from "./runs.js";
import { filterRows, parseSampleQuery, type SampleQuery } from "./sample-query.js";
import { listRow } from "./sample-rows.js";
import { samplesCsv } from "./samples-csv.js";
import { loadJsonlSource, SourceCache, type LoadedSource } from "./sample-sources.js";
import { uiJournal } from "./journal-source.js";
import { WEB_DIST } from "./web-build.js";

export interface UiOptions {
  artifactsDir: string;
  /** The reward server's journal: a SQLite file or a postgres:// URL (every replica's requests). */
  journalPath?: string;
  /** Built assets (default web/dist). */
  webDist?: string;
}

export const JOURNAL_SOURCE = "journal";
const MAX_PAGE = 1000;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".ico": "image/x-icon",
};

class NotFound extends Error {}

export function createUiApp(options: UiOptions) {
  const root = resolve(options.artifactsDir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new InputError("--artifacts", `${options.artifactsDir} is not a folder`);
  const journal = options.journalPath ? uiJournal(options.journalPath) : undefined;
  const dist = resolve(options.webDist ?? WEB_DIST);
  const cache = new SourceCache();
  const runCache: RunCache = new Map();
  // The last few filtered orders, so scrolling through one query pages without filtering again.
  const filtered = new Map<string, { rest: string; needle: string; positions: number[] }>();

  /** A path inside the artifacts folder; anything that escapes it is refused. */
  function inside(file: string | undefined, param: string): string {
    if (!file) throw new InputError(param, "is required");
    const path = resolve(root, file);
    if (path !== root && !path.startsWith(root + sep)) throw new InputError(param, `"${file}" is outside the artifacts folder`);
    if (!existsSync(path)) throw new NotFound(`${file} does not exist`);
    return path;
  }

  async function source(name: string | undefined, param = "source"): Promise<{ key: string; loaded: LoadedSource }> {
    if (name === JOURNAL_SOURCE) {
      if (!journal) throw new InputError(param, "no journal was given (start the dashboard with --journal FILE)");
      const loaded = await journal.load();
      // The journal grows while a run trains: filtered orders are cached per row count.
      return { key: `${JOURNAL_SOURCE}#${loaded.index.rows.length}`, loaded };
    }
    const path = inside(name, param);
    if (!/\.(jsonl(\.gz)?|parquet)$/.test(path)) throw new InputError(param, `"${name}" is not a JSON Lines (.jsonl, .jsonl.gz) or Parquet file`);
    return { key: path, loaded: cache.get(path, loadJsonlSource) };
  }

  function order(key: string, loaded: LoadedSource, query: SampleQuery): number[] {
    const k = `${key}\u0000${JSON.stringify(query)}`;
    const hit = filtered.get(k);
    if (hit) return hit.positions;
    // A cached result of the same filters with a shorter search text that this one contains is a
    // superset in the same order: narrow it instead of scanning every row (search as you type).
    const rest = `${key}\u0000${JSON.stringify({ ...query, q: undefined })}`;
    const needle = query.q?.trim().toLowerCase() ?? "";
    let within: number[] | undefined;
    for (const entry of filtered.values()) {
      if (entry.rest === rest && needle.includes(entry.needle) && (!within || entry.positions.length < within.length)) within = entry.positions;
    }
    const positions = filterRows(loaded.index, query, within);
    filtered.set(k, { rest, needle, positions });
    if (filtered.size > 16) filtered.delete(filtered.keys().next().value as string);
    return positions;
  }

  /** Scored JSONL files an artifact points at (its --out or --log, from the working folder or its own; or the demo's scored.jsonl beside it), when inside the folder. */
  function linkedSamples(path: string, params: Record<string, unknown>): string[] {
    const named = [params.out, params.log].filter((p): p is string => typeof p === "string").flatMap((p) => [resolve(p), resolve(dirname(path), p)]);
    const candidates = [...named, join(dirname(path), "scored.jsonl")];
    return [...new Set(candidates.filter((p): p is string => p !== null && /\.(jsonl(\.gz)?|parquet)$/.test(p) && p.startsWith(root + sep) && existsSync(p)))].map((p) => relative(root, p).split(sep).join("/"));
  }

  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof InputError) return c.json({ error: err.message }, 400);
    if (err instanceof NotFound) return c.json({ error: err.message }, 404);
    return c.json({ error: `internal error: ${(err as Error).message}` }, 500);
  });

  app.get("/api/runs", async (c) => {
    const runs = listRuns(root, runCache);
    const shown = journal ? { file: await journal.location(), source: JOURNAL_SOURCE, counts: await journal.counts() } : null;
    return c.json({ artifacts_dir: root, runs, journal: shown });
  });

  /** The artifact at `file`; a file that is not one is a 400 naming it. */
  function artifactAt(file: string | undefined): { path: string; artifact: ReturnType<typeof readArtifact> } {
    const path = inside(file, "file");
    try {
      return { path, artifact: readArtifact(path) };
    } catch (err) {
      throw new InputError("file", `${file}: ${(err as Error).message}`);
    }
  }

  app.get("/api/artifact", (c) => {
    const { path, artifact } = artifactAt(c.req.query("file"));
    return c.json({ ...artifact, samples: linkedSamples(path, artifact.params) });
  });

  app.get("/api/curves", async (c) => {
    const file = c.req.query("file");
    if (file?.endsWith(".json")) {
      const a = artifactAt(file).artifact;
      if (a.kind !== "onset") throw new InputError("file", `curves come from onset artifacts or scored logs; ${file} is a ${a.kind} artifact`);
      try {
        return c.json(onsetCurves(a.result));
      } catch (err) {
        if (err instanceof InputError) throw new InputError("file", `${file}: ${err.message}`);
        throw err;
      }
    }
    // The sample browser's filters apply to its curves too (the rows the list shows, per step).
    const { key, loaded } = await source(file);
    const params = c.req.query();
    const query = parseSampleQuery(params);
    // The field alone (no min/max) and the sort order pass every row: no filtering needed.
    const filteredBy = Object.values({ ...query, sort: undefined, field: undefined }).some((v) => v !== undefined);
    return c.json(stepCurves(loaded.index, filteredBy ? order(key, loaded, { ...query, sort: undefined }) : undefined));
  });

  /** Every row the filters pass, in their order, as CSV (one column per term), for a spreadsheet or R. */
  app.get("/api/samples.csv", async (c) => {
    const params = c.req.query();
    const { key, loaded } = await source(params.source);
    const positions = order(key, loaded, parseSampleQuery(params));
    const name = (params.source ?? "samples")
      .split("/")
      .at(-1)!
      .replace(/\.(jsonl(\.gz)?|parquet)$/, "");
    return c.body(samplesCsv(loaded.index, positions), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}.csv"` });
  });

  app.get("/api/samples", async (c) => {
    const params = c.req.query();
    const { key, loaded } = await source(params.source);
    const query = parseSampleQuery(params);
    const offset = Math.max(0, Number(params.offset ?? 0) | 0);
    const limit = Math.min(MAX_PAGE, Math.max(1, Number(params.limit ?? 100) | 0));
    const t0 = performance.now();
    const positions = order(key, loaded, query);
    const rows = positions.slice(offset, offset + limit).map((i) => listRow(loaded.index.rows[i]));
    return c.json({ total: loaded.index.rows.length, matched: positions.length, offset, rows, terms: loaded.index.terms, bad_lines: loaded.bad.length, server_ms: performance.now() - t0 });
  });

  app.get("/api/sample", async (c) => {
    const { loaded } = await source(c.req.query("source"));
    const raw = c.req.query("index") ?? "";
    const index = Number(raw);
    if (!Number.isInteger(index) || index < 0) throw new InputError("index", `"${raw}" is not a row index`);
    const row = loaded.index.rows[index];
    if (!row) throw new NotFound(`row ${index} does not exist (the source has ${loaded.index.rows.length} rows)`);
    return c.json(row);
  });

  /** Two scored sources paired by row id: per-quantity differences with intervals, the rows that moved most. */
  app.get("/api/compare", async (c) => {
    const a = await source(c.req.query("a"), "a");
    const b = await source(c.req.query("b"), "b");
    return c.json(compareSources(a.loaded.index, b.loaded.index));
  });

  app.get("/api/*", (c) => c.json({ error: `no such endpoint: ${c.req.path}` }, 404));

  const sendAsset = (c: Context, path: string) => {
    const body = readFileSync(path);
    return c.body(body, 200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream", "cache-control": path.includes(`${sep}assets${sep}`) ? "max-age=31536000, immutable" : "no-cache" });
  };
  app.get("*", (c) => {
    const index = join(dist, "index.html");
    if (!existsSync(index)) return c.text("the dashboard is not built (web/dist is missing); `foolsgold ui` builds it on start", 503);
    const path = resolve(dist, "." + decodeURIComponent(c.req.path));
    if (path.startsWith(dist + sep) && existsSync(path) && statSync(path).isFile()) return sendAsset(c, path);
    return sendAsset(c, index);
  });
  return app;
}
