// The snake_case rename table (src/core/artifact-keys.ts): what it renames and what it leaves alone, and a
// version-1 artifact (camelCase keys, as written before the rename) still loading in the dashboard's
// reader under the new names, after which it validates.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeArtifact } from "../../src/core/artifact.js";
import { RENAMED_KEYS, snakeKeys } from "../../src/core/artifact-keys.js";
import { validateArtifact } from "../../src/schemas/validate.js";
import { readArtifact } from "../../src/ui/runs.js";
import { createUiApp } from "../../src/ui/app.js";

const dir = mkdtempSync(join(tmpdir(), "fg-schema-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("snakeKeys", () => {
  it("renames the table's keys at any depth, inside arrays too", () => {
    expect(snakeKeys({ a: { rowsPerSecond: 2, list: [{ oddsRatio: 1.5 }] } })).toEqual({ a: { rows_per_second: 2, list: [{ odds_ratio: 1.5 }] } });
  });

  it("leaves data keys, values and verbatim config echoes alone", () => {
    const value = { terms: { xD: { value: 1 } }, counts: { lolLol: 2 }, note: "rowsPerSecond", instrument: { models: { audience: { baseUrl: "embedded" } } }, options: { minWords: 3 }, models: { embedder: { baseUrl: "u" } } };
    expect(snakeKeys(value)).toEqual(value);
  });

  it("keeps the new name when an object already has both", () => {
    expect(snakeKeys({ cacheHits: 1, cache_hits: 2 })).toEqual({ cache_hits: 2 });
  });

  it("every new name is snake_case and no two old names share one", () => {
    const names = Object.values(RENAMED_KEYS);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("artifacts written before the rename", () => {
  it("load under their snake_case names and then validate", () => {
    const current = makeArtifact(
      "score",
      { stack: "prose" },
      { instrument: "abc", rows: 2, scored: 2, errors: 0, errorsByKind: { input: 0, model: 0, internal: 0 }, errorExamples: [], value: { n: 2 }, terms: {}, seconds: 0.1, rowsPerSecond: 20, modelCalls: 0, cacheHits: 0 },
    );
    expect(Object.keys(current.result as object)).toContain("rows_per_second");
    expect(validateArtifact(current)).toEqual({ ok: true });

    // The same artifact as version 1 wrote it: camelCase result keys.
    const old = {
      ...current,
      schema_version: 1,
      result: { instrument: "abc", rows: 2, scored: 2, errors: 0, errorsByKind: { input: 0, model: 0, internal: 0 }, errorExamples: [], value: { n: 2 }, terms: {}, seconds: 0.1, rowsPerSecond: 20, modelCalls: 0, cacheHits: 0 },
    };
    expect(validateArtifact(old).ok).toBe(false);
    const path = join(dir, "old-score.json");
    writeFileSync(path, JSON.stringify(old));
    const loaded = readArtifact(path);
    expect(loaded.result).toEqual(current.result);
    expect(validateArtifact({ ...old, params: loaded.params, result: loaded.result, schema_version: 2 })).toEqual({ ok: true });
  });

  it("reach the dashboard's browser under the snake_case names (GET /api/artifact)", async () => {
    const old = {
      kind: "onset",
      schema_version: 1,
      created_at: "2026-01-01T00:00:00.000Z",
      foolsgold_version: "0.1.0",
      params: { onsetFraction: 0.2, detector: { wordsOnly: true } },
      result: { entanglement: { oddsRatio: 2, seLog: 0.1, haldaneCorrected: false } },
    };
    writeFileSync(join(dir, "old-onset.json"), JSON.stringify(old));
    const res = await createUiApp({ artifactsDir: dir, webDist: join(dir, "no-dist") }).request("/api/artifact?file=old-onset.json");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { params: unknown; result: unknown };
    expect(body.params).toEqual({ onset_fraction: 0.2, detector: { wordsOnly: true } });
    expect(body.result).toEqual({ entanglement: { odds_ratio: 2, se_log: 0.1, haldane_corrected: false } });
  });
});

describe("the slop dictionary file", () => {
  it("is written as version 4 with snake_case keys and reads back into the same dictionary; version 3 still loads", async () => {
    const { dictionaryFile, loadDictionary, parseDictionary } = await import("../../src/mining/dictionary.js");
    const shipped = loadDictionary(join(import.meta.dirname, "../../src/terms/prose/data/default-dictionary.json"));
    expect(shipped.version).toBe(3);
    const file = JSON.parse(JSON.stringify(dictionaryFile(shipped))) as Record<string, unknown>;
    expect(file.version).toBe(4);
    const camel: string[] = [];
    const walk = (v: unknown, path: string): void => {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
      else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) /[a-z][A-Z]/.test(k) && camel.push(`${path}/${k}`), walk(x, `${path}/${k}`);
    };
    walk(file, "");
    expect(camel).toEqual([]);
    expect(file).toHaveProperty("excess_words");
    expect(parseDictionary(file, "v4")).toEqual(shipped);
  });
});
